'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const LINKS = [
  ['/documents', 'Documents'],
  ['/credentials', 'Credentials'],
  ['/seals', 'Seals'],
  ['/batches', 'Batches'],
  ['/organization', 'Organization'],
  ['/billing', 'Billing'],
  ['/settings', 'Settings'],
  ['/verify', 'Verify a seal'],
  ['/stamps', 'Stamps'],
] as const;

/** The dashboard's sections; the current one is marked (aria-current) and underlined. */
export function NavLinks() {
  const pathname = usePathname();
  return (
    <nav aria-label="Dashboard">
      {LINKS.map(([href, label]) => {
        const current = pathname === href || pathname.startsWith(`${href}/`);
        return (
          <Link key={href} href={href} aria-current={current ? 'page' : undefined}>
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
