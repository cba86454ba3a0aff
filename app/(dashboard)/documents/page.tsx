import type { Metadata } from 'next';
import { connection } from 'next/server';
import { DocumentsPanel } from '../../../components/dashboard/DocumentsPanel.tsx';
import { OnboardingChecklist } from '../../../components/dashboard/OnboardingChecklist.tsx';
import { verificationBase } from '../../../lib/seals/code.ts';

export const metadata: Metadata = { title: 'Documents' };

export default async function DocumentsPage() {
  // Rendered per request: the seal dialog previews the footer with this deployment's verification URL.
  await connection();
  return (
    <>
      <h1>Documents</h1>
      <OnboardingChecklist />
      <DocumentsPanel verifyBase={verificationBase()} />
    </>
  );
}
