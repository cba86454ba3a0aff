'use client';

import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { stampCatalog } from '@/lib/stamps/catalog';

type Catalog = ReturnType<typeof stampCatalog>;

interface Form {
  name: string;
  license: string;
  state: string;
  profession: string;
  discipline: string;
  city: string;
  date: string;
  fill: string;
  font_weight: string;
  font_family: string;
}

const INITIAL: Form = {
  name: 'Jane Q. Engineer',
  license: '123456',
  state: 'TX',
  profession: 'engineer',
  discipline: '',
  city: '',
  date: '',
  fill: '#000000',
  font_weight: 'normal',
  font_family: 'Helvetica, Liberation Sans, sans-serif',
};

/** The live stamp preview: every change re-renders the SVG through /stamps/preview. */
export function StampGallery({ catalog }: { catalog: Catalog }) {
  const [form, setForm] = useState<Form>(INITIAL);
  const deferred = useDeferredValue(form);
  const [error, setError] = useState<string | null>(null);
  const [meta, setMeta] = useState<{ diameter: string; citation: string } | null>(null);
  const [shown, setShown] = useState<{ url: string; name: string } | null>(null);

  const query = useMemo(() => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(deferred)) if (v) params.set(k, v);
    return params.toString();
  }, [deferred]);

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/stamps/preview?${query}`, { signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) {
          setError((await res.json()).message);
          return;
        }
        setError(null);
        setMeta({ diameter: res.headers.get('x-stamp-diameter-in') ?? '', citation: decodeURIComponent(res.headers.get('x-stamp-citation') ?? '') });
        const blob = await res.blob();
        setShown((old) => {
          if (old) URL.revokeObjectURL(old.url);
          return { url: URL.createObjectURL(blob), name: deferred.name };
        });
      })
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') setError('The preview could not be loaded.');
      });
    return () => controller.abort();
  }, [query, deferred.name]);

  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <div className="gallery">
      <form className="gallery-form" onSubmit={(e) => e.preventDefault()} aria-label="Stamp options">
        <label>
          Name
          <input value={form.name} onChange={set('name')} maxLength={120} />
        </label>
        <label>
          License number
          <input value={form.license} onChange={set('license')} maxLength={40} />
        </label>
        <label>
          Profession
          <select value={form.profession} onChange={set('profession')}>
            {catalog.professions.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          State
          <select value={form.state} onChange={set('state')}>
            {catalog.states.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Discipline (where the seal has one)
          <input value={form.discipline} onChange={set('discipline')} maxLength={60} />
        </label>
        <label>
          City (where the seal has one)
          <input value={form.city} onChange={set('city')} maxLength={60} />
        </label>
        <label>
          Date (where the seal has one)
          <input value={form.date} onChange={set('date')} maxLength={40} />
        </label>
        <label>
          Ink
          <input type="color" value={form.fill} onChange={set('fill')} />
        </label>
        <label>
          Weight
          <select value={form.font_weight} onChange={set('font_weight')}>
            {catalog.fontWeights.map((w) => (
              <option key={w}>{w}</option>
            ))}
          </select>
        </label>
        <label>
          Typeface
          <select value={form.font_family} onChange={set('font_family')}>
            {catalog.fontFamilies.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </select>
        </label>
      </form>
      <section className="gallery-preview" aria-live="polite">
        {error ? <p role="alert" className="error">{error}</p> : null}
        {shown ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={shown.url} alt={`Seal preview for ${shown.name}`} width={320} height={320} data-testid="stamp-preview" />
        ) : null}
        {meta ? (
          <p className="gallery-meta">
            {meta.diameter} in diameter · {meta.citation === 'rule not found' ? 'No published rule found for this state: the common layout.' : `Rule: ${meta.citation}`}
          </p>
        ) : null}
      </section>
    </div>
  );
}
