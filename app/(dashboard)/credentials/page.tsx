import type { Metadata } from 'next';
import { CredentialsPanel } from '../../../components/dashboard/CredentialsPanel.tsx';

export const metadata: Metadata = { title: 'Credentials' };

export default function CredentialsPage() {
  return (
    <>
      <h1>Credentials</h1>
      <p className="lede">Your licenses, their standing with the licensing boards, and the seals they make.</p>
      <CredentialsPanel />
    </>
  );
}
