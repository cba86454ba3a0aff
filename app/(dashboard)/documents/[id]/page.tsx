import type { Metadata } from 'next';
import { connection } from 'next/server';
import { DocumentDetail } from '../../../../components/dashboard/DocumentDetail.tsx';
import { verificationBase } from '../../../../lib/seals/code.ts';

export const metadata: Metadata = { title: 'Document' };

export default async function DocumentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Rendered per request: the seal dialog previews the footer with this deployment's verification URL.
  await connection();
  return <DocumentDetail id={id} verifyBase={verificationBase()} />;
}
