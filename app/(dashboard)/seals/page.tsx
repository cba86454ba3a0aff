import type { Metadata } from 'next';
import { SealsList } from '../../../components/dashboard/SealsList.tsx';

export const metadata: Metadata = { title: 'Seals' };

export default function SealsPage() {
  return (
    <>
      <h1>Seals</h1>
      <p className="lede">Every seal your organization issued. Anyone can check one at its verification link.</p>
      <SealsList />
    </>
  );
}
