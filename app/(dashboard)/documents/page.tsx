import type { Metadata } from 'next';
import { DocumentsPanel } from '../../../components/dashboard/DocumentsPanel.tsx';

export const metadata: Metadata = { title: 'Documents' };

export default function DocumentsPage() {
  return (
    <>
      <h1>Documents</h1>
      <DocumentsPanel />
    </>
  );
}
