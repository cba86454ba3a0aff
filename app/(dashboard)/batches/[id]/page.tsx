import type { Metadata } from 'next';
import { BatchJobDetail } from '../../../../components/dashboard/BatchJobDetail.tsx';

export const metadata: Metadata = { title: 'Batch job' };

export default async function BatchJobPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BatchJobDetail id={id} />;
}
