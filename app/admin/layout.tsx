import type { ReactNode } from 'react';
import { DashboardShell } from '../../components/dashboard/DashboardShell.tsx';

/**
 * The platform administrators' pages, in the dashboard's signed-in shell (proxy.ts sends
 * visitors without a session to /login). Who is an administrator is the API's answer: each
 * page's queries are FORBIDDEN for anyone else.
 */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return <DashboardShell>{children}</DashboardShell>;
}
