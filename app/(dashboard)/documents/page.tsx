import type { Metadata } from 'next';
import { connection } from 'next/server';
import { DocumentsPanel } from '../../../components/dashboard/DocumentsPanel.tsx';
import { OnboardingChecklist } from '../../../components/dashboard/OnboardingChecklist.tsx';
import { verificationBase } from '../../../lib/seals/code.ts';
import { sealingMarksTable } from '../../../lib/stamps/board-rules.ts';

export const metadata: Metadata = { title: 'Documents' };

export default async function DocumentsPage() {
  // Rendered per request: the seal dialog previews the footer with this deployment's verification URL
  // (and the signature and date lines the board rules ask for, read here: the rules' texts stay on the server).
  await connection();
  return (
    <>
      <h1>Documents</h1>
      <OnboardingChecklist />
      <DocumentsPanel verifyBase={verificationBase()} marks={sealingMarksTable()} />
    </>
  );
}
