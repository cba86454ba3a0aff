import type { Metadata } from 'next';
import { BillingPanel } from '../../../components/dashboard/BillingPanel.tsx';
import { billingSettings } from '../../../lib/billing/stripe.ts';

export const metadata: Metadata = { title: 'Billing' };
// The Stripe keys are read when the page is served, not baked in at build time.
export const dynamic = 'force-dynamic';

export default function BillingPage() {
  const settings = billingSettings();
  return (
    <>
      <h1>Plan and billing</h1>
      <BillingPanel publishableKey={settings.publishableKey ?? null} configured={Boolean(settings.secretKey)} />
    </>
  );
}
