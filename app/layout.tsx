import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './globals.css';
import { THEME_SCRIPT } from '../lib/web/theme-script.ts';

export const metadata: Metadata = {
  title: { default: 'Sealwright', template: '%s · Sealwright' },
  description: 'Seal documents with your professional license, and let anyone verify the seal.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The inline script sets data-theme before React hydrates, hence the warning suppressed.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
