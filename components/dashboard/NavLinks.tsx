'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState } from 'react';

const LINKS = [
  ['/documents', 'Documents'],
  ['/credentials', 'Credentials'],
  ['/seals', 'Seals'],
  ['/batches', 'Batches'],
  ['/chat', 'Ask'],
  ['/organization', 'Organization'],
  ['/billing', 'Billing'],
  ['/settings', 'Settings'],
  ['/verify', 'Verify a seal'],
  ['/stamps', 'Stamps'],
] as const;

/**
 * The dashboard's sections; the current one is marked (aria-current) and underlined. On a
 * narrow screen they fold behind a Menu button (the CSS hides the button on wide ones), which
 * names the current section, instead of wrapping nine links over three lines.
 */
export function NavLinks() {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const currentLabel = LINKS.find(([href]) => pathname === href || pathname.startsWith(`${href}/`))?.[1];
  return (
    <nav aria-label="Dashboard">
      <button type="button" className="secondary nav-toggle" aria-expanded={open} aria-controls="dashboard-links" onClick={() => setOpen(!open)}>
        Menu{currentLabel ? <span className="muted">: {currentLabel}</span> : null}
      </button>
      <div id="dashboard-links" className="nav-links" data-open={open ? 'true' : undefined}>
        {LINKS.map(([href, label]) => {
          const current = pathname === href || pathname.startsWith(`${href}/`);
          return (
            <Link key={href} href={href} aria-current={current ? 'page' : undefined} onClick={() => setOpen(false)}>
              {label}
            </Link>
          );
        })}
      </div>
    </nav>
  );
}
