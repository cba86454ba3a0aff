import type { Metadata } from 'next';
import { connection } from 'next/server';
import { DocumentDetail } from '../../../../components/dashboard/DocumentDetail.tsx';
import { verificationBase } from '../../../../lib/seals/code.ts';
import { sealingMarksTable } from '../../../../lib/stamps/board-rules.ts';

export const metadata: Metadata = { title: 'Document' };

export default async function DocumentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Rendered per request: the seal dialog previews the footer with this deployment's verification URL
  // (and the signature and date lines the board rules ask for, read here: the rules' texts stay on the server).
  await connection();
  return <DocumentDetail id={id} verifyBase={verificationBase()} marks={sealingMarksTable()} />;
}
