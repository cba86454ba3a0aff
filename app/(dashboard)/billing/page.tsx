import type { Metadata } from 'next';
import { PlanPanel } from '../../../components/dashboard/PlanPanel.tsx';

export const metadata: Metadata = { title: 'Billing' };

export default function BillingPage() {
  return (
    <>
      <h1>Plan and billing</h1>
      <PlanPanel />
    </>
  );
}
