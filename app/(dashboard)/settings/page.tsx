import type { Metadata } from 'next';
import { SettingsPanel } from '../../../components/dashboard/SettingsPanel.tsx';

export const metadata: Metadata = { title: 'Settings' };

export default function SettingsPage() {
  return (
    <>
      <h1>Settings</h1>
      <SettingsPanel />
    </>
  );
}
