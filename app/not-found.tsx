import Link from 'next/link';

export const metadata = { title: 'Page not found' };

/** The branded 404 for every unknown page. */
export default function NotFound() {
  return (
    <main className="page">
      <p className="eyebrow">404</p>
      <h1>This page does not exist</h1>
      <p className="lede">The address may be mistyped, or the page has moved. A seal is verified by its code on its verification link.</p>
      <p className="actions">
        <Link href="/">Sealwright home</Link>
        <Link href="/stamps">Stamp gallery</Link>
      </p>
    </main>
  );
}
