import type { Metadata } from 'next';
import { OrganizationPanel } from '../../../components/dashboard/OrganizationPanel.tsx';

export const metadata: Metadata = { title: 'Organization' };

export default function OrganizationPage() {
  return (
    <>
      <h1>Organization</h1>
      <p className="lede">Who works in your organization, and what each may do.</p>
      <OrganizationPanel />
    </>
  );
}
