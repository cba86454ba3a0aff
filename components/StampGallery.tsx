'use client';

import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { stampCatalog } from '../lib/stamps/catalog.ts';

type Catalog = ReturnType<typeof stampCatalog>;
type Values = Record<string, string>;

const INITIAL_TEXT: Values = { name: 'Jane Q. Engineer', license: '123456' };
const INITIAL_CHOICES: Values = { state: 'TX', profession: 'engineer', fill: '#000000', font_weight: 'normal', font_family: 'Helvetica, Liberation Sans, sans-serif' };

/** The live stamp preview: every change re-renders the SVG through /stamps/preview; Download asks POST /v1/stamp. */
export function StampGallery({ catalog }: { catalog: Catalog }) {
  const [form, setForm] = useState<Values>({ ...INITIAL_CHOICES, ...INITIAL_TEXT });
  const deferred = useDeferredValue(form);
  const [error, setError] = useState<string | null>(null);
  const [meta, setMeta] = useState<{ diameter: string; citation: string | null } | null>(null);
  const [shown, setShown] = useState<{ url: string; name: string } | null>(null);
  const [format, setFormat] = useState<string>('png');
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

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
        const citation = res.headers.get('x-stamp-citation');
        setMeta({ diameter: res.headers.get('x-stamp-diameter-in') ?? '', citation: citation ? decodeURIComponent(citation) : null });
        const blob = await res.blob();
        setShown((old) => {
          if (old) URL.revokeObjectURL(old.url);
          return { url: URL.createObjectURL(blob), name: deferred.name ?? '' };
        });
      })
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') setError('The preview could not be loaded.');
      });
    return () => controller.abort();
  }, [query, deferred.name]);

  const base = catalog.professions.find((p) => p.slug === form.profession)?.base ?? form.profession;
  const rule = catalog.rules[`${form.state}/${form.profession}`] ?? catalog.rules[`${form.state}/${base}`] ?? null;

  const set = (key: string) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  async function download() {
    setDownloading(true);
    setDownloadError(null);
    try {
      const res = await fetch('/v1/stamp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...form, format }) });
      if (!res.ok) {
        setDownloadError((await res.json()).message);
        return;
      }
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `stamp.${format}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setDownloadError('The stamp could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="gallery">
      <form className="gallery-form" onSubmit={(e) => e.preventDefault()} aria-label="Stamp options">
        {catalog.fields.map((field) => (
          <label key={field.key}>
            {field.label}
            <input name={field.key} value={form[field.key] ?? ''} onChange={set(field.key)} maxLength={field.maxLength} required={field.required} />
          </label>
        ))}
        <label>
          Profession
          <select name="profession" value={form.profession} onChange={set('profession')}>
            {catalog.professions.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          State
          <select name="state" value={form.state} onChange={set('state')}>
            {catalog.states.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
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
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        {shown ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={shown.url} alt={`Seal preview for ${shown.name}`} width={320} height={320} data-testid="stamp-preview" />
        ) : null}
        {meta ? (
          <p className="gallery-meta">
            {meta.diameter} in diameter{meta.citation ? ` · Rule: ${meta.citation}` : ''}
          </p>
        ) : null}
        <BoardRule rule={rule} />
        <div className="gallery-download">
          <label>
            Format
            <select name="format" value={format} onChange={(e) => setFormat(e.target.value)}>
              {catalog.formats.map((f) => (
                <option key={f} value={f}>
                  {f.toUpperCase()}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={download} disabled={downloading || Boolean(error)}>
            {downloading ? 'Preparing…' : 'Download'}
          </button>
        </div>
        {downloadError ? (
          <p role="alert" className="error">
            {downloadError}
          </p>
        ) : null}
      </section>
    </div>
  );
}

const STATUS_NOTE: Record<string, string> = {
  design: '',
  delegated: 'This rule leaves the seal’s design to the board; the seal shown uses the common layout.',
  partial: 'Only part of this rule could be read; the seal shown is not claimed to follow it.',
};

/** The board rule under the seal: its citation, the quoted text and a link to the board's or the code's page. */
function BoardRule({ rule }: { rule: Catalog['rules'][string] | null }) {
  if (!rule) {
    return (
      <p className="gallery-rule" data-testid="board-rule">
        No board rule has been cited for this state and profession yet; the seal uses the common layout.
      </p>
    );
  }
  return (
    <figure className="gallery-rule" data-testid="board-rule">
      <blockquote cite={rule.url}>{rule.quote}</blockquote>
      <figcaption>
        {rule.section} ·{' '}
        <a href={rule.url} rel="noopener noreferrer" target="_blank">
          the rule’s source
        </a>
        {STATUS_NOTE[rule.status] ? <span className="gallery-rule-status"> · {STATUS_NOTE[rule.status]}</span> : null}
      </figcaption>
    </figure>
  );
}
