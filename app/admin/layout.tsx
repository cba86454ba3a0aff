import type { ReactNode } from 'react';
import Link from 'next/link';
import { Providers } from '../../components/dashboard/Providers.tsx';
import { SignOutButton } from '../../components/dashboard/SignOutButton.tsx';
import { NavLinks } from '../../components/dashboard/NavLinks.tsx';
import { ThemeFromProfile } from '../../components/dashboard/ThemeFromProfile.tsx';

/**
 * The platform administrators' pages, in the dashboard's signed-in shell (proxy.ts sends
 * visitors without a session to /login). Who is an administrator is the API's answer: each
 * page's queries are FORBIDDEN for anyone else.
 */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Providers>
      <ThemeFromProfile />
      <header className="shell-header">
        <Link href="/" className="brand">
          Sealwright
        </Link>
        <NavLinks />
        <SignOutButton />
      </header>
      <main className="page">{children}</main>
    </Providers>
  );
}
