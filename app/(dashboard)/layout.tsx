import type { ReactNode } from 'react';
import { DashboardShell } from '../../components/dashboard/DashboardShell.tsx';

/** The signed-in shell (proxy.ts sends visitors without a session to /login first). */
export default function DashboardLayout({ children }: { children: ReactNode }) {
  return <DashboardShell>{children}</DashboardShell>;
}
