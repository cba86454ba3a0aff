import type { Metadata } from 'next';
import { DocumentViewer } from '../../../../../components/dashboard/DocumentViewer.tsx';

export const metadata: Metadata = { title: 'Document viewer' };

export default async function DocumentViewPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ page?: string }> }) {
  const { id } = await params;
  const { page } = await searchParams;
  const n = Number(page);
  return <DocumentViewer id={id} page={Number.isInteger(n) && n >= 1 ? n : 1} />;
}
