import type { Metadata } from 'next';
import { StampGallery } from '../../components/StampGallery.tsx';
import { stampCatalog } from '../../lib/stamps/catalog.ts';

export const metadata: Metadata = { title: 'Stamp gallery' };

export default function StampsPage() {
  return (
    <main className="page">
      <h1>Stamp gallery</h1>
      <p className="lede">Preview your seal: pick your profession, your state and a style. The picture is the same one the API returns.</p>
      <StampGallery catalog={stampCatalog()} />
    </main>
  );
}
