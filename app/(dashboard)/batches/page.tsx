import type { Metadata } from 'next';
import { BatchJobsList } from '../../../components/dashboard/BatchJobsList.tsx';

export const metadata: Metadata = { title: 'Batches' };

export default function BatchesPage() {
  return (
    <>
      <h1>Batches</h1>
      <p className="lede">Documents sealed many at a time, in the background. Select documents on the Documents page to start one.</p>
      <BatchJobsList />
    </>
  );
}
