import type { Metadata } from 'next';
import { IdentityReviewPanel } from '../../../components/dashboard/IdentityReviewPanel.tsx';

export const metadata: Metadata = { title: 'Identity reviews' };

export default function IdentityReviewPage() {
  return (
    <>
      <h1>Identity reviews</h1>
      <p className="lede">Requests to verify a legal name from a government ID, oldest first. Check the person’s ID before approving.</p>
      <IdentityReviewPanel />
    </>
  );
}
