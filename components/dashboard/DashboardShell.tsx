import type { ReactNode } from 'react';
import Link from 'next/link';
import { Providers } from './Providers.tsx';
import { SignOutButton } from './SignOutButton.tsx';
import { NavLinks } from './NavLinks.tsx';
import { ThemeFromProfile } from './ThemeFromProfile.tsx';
import { ConfirmEmailBanner } from './ConfirmEmailBanner.tsx';

/** The signed-in shell: the header with the navigation and sign-out, and the page below it (under the confirm-your-address note while it applies). */
export function DashboardShell({ children }: { children: ReactNode }) {
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
      <main className="page">
        <ConfirmEmailBanner />
        {children}
      </main>
    </Providers>
  );
}
