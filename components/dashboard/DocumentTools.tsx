'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import Link from 'next/link';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { graphql } from '../gql/index.ts';
import type { PdfDetailsQuery, PdfPaperSize, PdfResultFieldsFragment } from '../gql/graphql.ts';
import { Outcome, useAction } from './use-action.tsx';
import { fileSizeWords, pageList, pageSizeRuns, parsePages, pdfToolError } from './pdf-tool-words.ts';

graphql(`
  fragment PdfResultFields on PdfOperationResult {
    pageCount
    operationsApplied
    fieldsFilled
    pagesWatermarked
    document {
      id
      name
      versionCount
      downloadUrl
    }
  }
`);
const PDF_DETAILS = graphql(`
  query PdfDetails($id: UUID!) {
    pdfInfo(documentId: $id) {
      version
      fileSize
      pageCount
      isLinearized
      isEncrypted
      pageSizes {
        page
        width
        height
        rotation
      }
    }
    pdfMetadata(documentId: $id) {
      title
      author
      subject
      keywords
      creator
      producer
      creationDate
      modificationDate
      hasForms
    }
  }
`);
const PDF_TEXT = graphql(`
  query PdfTextOf($id: UUID!) {
    pdfText(documentId: $id) {
      pageCount
      text
    }
  }
`);
const EXTRACT_PAGES = graphql(`
  mutation ExtractPdfPages($input: ExtractPagesInput!) {
    extractPages(input: $input) {
      ...PdfResultFields
    }
  }
`);
const MOVE_PAGE = graphql(`
  mutation MovePdfPage($input: MovePdfPageInput!) {
    movePdfPage(input: $input) {
      ...PdfResultFields
    }
  }
`);
const ADD_PAGE = graphql(`
  mutation AddPdfPage($input: AddPageInput!) {
    addPdfPage(input: $input) {
      ...PdfResultFields
    }
  }
`);
const WATERMARK = graphql(`
  mutation AddPdfWatermark($input: WatermarkInput!) {
    addPdfWatermark(input: $input) {
      ...PdfResultFields
    }
  }
`);
const FILL_FORM = graphql(`
  mutation FillPdfForm($input: FillFormInput!) {
    fillPdfForm(input: $input) {
      ...PdfResultFields
    }
  }
`);
const FLATTEN_FORM = graphql(`
  mutation FlattenPdfForm($documentId: UUID!) {
    flattenPdfForm(documentId: $documentId) {
      ...PdfResultFields
    }
  }
`);

interface ToolsDoc {
  id: string;
  name: string;
  status: string;
  versionCount: number;
  downloadUrl?: string | null;
}

type Result = PdfResultFieldsFragment;

const SIZES: ReadonlyArray<readonly [PdfPaperSize, string]> = [
  ['LETTER', 'Letter (8.5 × 11 in)'],
  ['LEGAL', 'Legal (8.5 × 14 in)'],
  ['TABLOID', 'Tabloid (11 × 17 in)'],
  ['A4', 'A4 (210 × 297 mm)'],
  ['A3', 'A3 (297 × 420 mm)'],
];

/** Pages drawn in the strip; a longer document's further pages are named by number in the forms. */
const STRIP_PAGES = 200;

/** useAction with the PDF tools' refusals in words (pdfToolError); a success may hold a link. */
function useTool() {
  const { run: runAction, ...rest } = useAction(pdfToolError);
  const run = useCallback((work: () => Promise<ReactNode>) => runAction(work, (node) => node), [runAction]);
  return { ...rest, run };
}

/** What an edit made, in words, with the way to it: the document's new version, or the new document. */
function newVersion(result: Result | null | undefined, what: string): ReactNode {
  const d = result?.document;
  if (!d) throw new Error('The edit answered no document');
  return (
    <>
      {what} Version {d.versionCount} ({result.pageCount} {result.pageCount === 1 ? 'page' : 'pages'}) is now the current version.{' '}
      {d.downloadUrl && <a href={d.downloadUrl}>Download version {d.versionCount}</a>}
    </>
  );
}
function newDocument(result: Result | null | undefined, what: string): ReactNode {
  const d = result?.document;
  if (!d) throw new Error('The operation answered no document');
  return (
    <>
      {what} <Link href={`/documents/${d.id}`}>Open “{d.name}”</Link> ({result.pageCount} {result.pageCount === 1 ? 'page' : 'pages'}).
    </>
  );
}

/**
 * The current version's PDF, fetched here and opened by pdf.js in the browser (its worker bundled
 * with the app); null until then. The bytes are fetched by this hook rather than by pdf.js, so
 * leaving the page or a new version aborts a plain fetch, not a pdf.js stream (whose cancel
 * surfaces as an uncaught "Worker was terminated").
 */
function usePdf(url: string | null): { pdf: PDFDocumentProxy | null; bytes: Uint8Array | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; pdf: PDFDocumentProxy | null; bytes: Uint8Array | null; failed: boolean }>({ url: null, pdf: null, bytes: null, failed: false });
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    const controller = new AbortController();
    let destroy: (() => void) | undefined;
    (async () => {
      try {
        const response = await fetch(url, { signal: controller.signal });
        if (!response.ok) throw new Error(`The file answered ${response.status}`);
        const bytes = new Uint8Array(await response.arrayBuffer());
        if (cancelled) return;
        const pdfjs = await import('pdfjs-dist');
        pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
        // pdf.js takes its copy to its worker; the bytes stay here for pdf-lib (the form's fields).
        const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false });
        destroy = () => void task.destroy();
        const pdf = await task.promise;
        if (!cancelled) setState({ url, pdf, bytes, failed: false });
      } catch {
        if (!cancelled) setState({ url, pdf: null, bytes: null, failed: true });
      }
    })();
    return () => {
      cancelled = true;
      controller.abort();
      destroy?.();
    };
  }, [url]);
  return state.url === url ? state : { pdf: null, bytes: null, failed: false };
}

/** The pages, small, drawn one after another; each a toggle that selects it. */
function PageStrip({ pdf, selected, onToggle }: { pdf: PDFDocumentProxy; selected: ReadonlySet<number>; onToggle: (page: number) => void }) {
  const canvases = useRef<Array<HTMLCanvasElement | null>>([]);
  const [drawn, setDrawn] = useState(0);
  const shown = Math.min(pdf.numPages, STRIP_PAGES);
  useEffect(() => {
    let cancelled = false;
    (async () => {
      for (let n = 1; n <= shown && !cancelled; n += 1) {
        try {
          const page = await pdf.getPage(n);
          const base = page.getViewport({ scale: 1 });
          const viewport = page.getViewport({ scale: 160 / Math.max(base.width, base.height) });
          const canvas = canvases.current[n - 1];
          if (!canvas || cancelled) return;
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          await page.render({ canvas, viewport }).promise;
        } catch {
          // A page pdf.js cannot draw keeps its number; the server's tools still read it.
        }
        if (!cancelled) setDrawn(n);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [pdf, shown]);
  return (
    <>
      <ul className="page-strip" aria-label="Pages" data-drawn={drawn === shown ? 'true' : 'false'}>
        {Array.from({ length: shown }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <button type="button" aria-pressed={selected.has(n)} aria-label={`Page ${n}`} onClick={() => onToggle(n)}>
              <canvas
                ref={(el) => {
                  canvases.current[n - 1] = el;
                }}
                aria-hidden="true"
              />
              <span aria-hidden="true">{n}</span>
            </button>
          </li>
        ))}
      </ul>
      {pdf.numPages > shown && (
        <p className="hint">
          The strip shows the first {shown} of {pdf.numPages} pages; the forms below take any page number.
        </p>
      )}
    </>
  );
}

/** Info and metadata, read by the server from the current version, on request (each counts as a PDF operation). */
function Details({ documentId, version }: { documentId: string; version: number }) {
  const client = useApolloClient();
  const [details, setDetails] = useState<{ version: number; data: PdfDetailsQuery } | null>(null);
  const { outcome, busy, run } = useTool();
  const load = () =>
    run(async () => {
      const { data } = await client.query({ query: PDF_DETAILS, variables: { id: documentId }, fetchPolicy: 'network-only' });
      if (data) setDetails({ version, data });
      return null;
    });
  const info = details?.data.pdfInfo;
  const meta = details?.data.pdfMetadata;
  const date = (iso?: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : null);
  const facts: Array<[string, ReactNode]> = [];
  if (info) {
    facts.push(['Pages', info.pageCount], ['PDF version', info.version ?? 'Not stated'], ['File size', fileSizeWords(info.fileSize)]);
    facts.push([
      'Page sizes',
      pageSizeRuns(info.pageSizes).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      )),
    ]);
    facts.push(['Fast web view', info.isLinearized ? 'Yes (linearized)' : 'No'], ['Encrypted', info.isEncrypted ? 'Yes' : 'No']);
  }
  if (meta) {
    facts.push(['Form fields', meta.hasForms ? 'Yes' : 'None']);
    const named: Array<[string, string | null | undefined]> = [
      ['Title', meta.title],
      ['Author', meta.author],
      ['Subject', meta.subject],
      ['Keywords', meta.keywords],
      ['Created with', meta.creator],
      ['Producer', meta.producer],
      ['Created', date(meta.creationDate)],
      ['Modified', date(meta.modificationDate)],
    ];
    for (const [label, value] of named) if (value) facts.push([label, value]);
  }
  return (
    <section className="settings-card" aria-labelledby="tools-details-title">
      <h3 id="tools-details-title">Details</h3>
      {details && details.version !== version && (
        <p className="hint">
          These are of version {details.version}; the current version is {version}.
        </p>
      )}
      {facts.length > 0 && (
        <dl className="tools-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="actions">
        <button type="button" className="secondary small" disabled={busy} onClick={() => void load()}>
          {busy ? 'Reading…' : details ? 'Read again' : 'Show info and metadata'}
        </button>
      </div>
      <Outcome {...outcome} />
    </section>
  );
}

/** The text, page by page, as the server extracts it (pdfText). */
function TextViewer({ documentId }: { documentId: string }) {
  const client = useApolloClient();
  const [pages, setPages] = useState<string[] | null>(null);
  const { outcome, busy, run } = useTool();
  const load = () =>
    run(async () => {
      const { data } = await client.query({ query: PDF_TEXT, variables: { id: documentId }, fetchPolicy: 'network-only' });
      const text = data?.pdfText?.text ?? '';
      const split = text.split('\f');
      if (split[split.length - 1] === '') split.pop();
      setPages(split);
      return null;
    });
  return (
    <section className="settings-card" aria-labelledby="tools-text-title">
      <h3 id="tools-text-title">Text</h3>
      <p className="muted">The words of every page in reading order, as a search or a screen reader finds them.</p>
      <div className="actions">
        <button type="button" className="secondary small" disabled={busy} onClick={() => void load()}>
          {busy ? 'Reading…' : pages ? 'Read again' : 'Show text'}
        </button>
      </div>
      <Outcome {...outcome} />
      {pages && (
        <div className="pdf-text" tabIndex={0} role="region" aria-label="Text of the document">
          {pages.map((text, i) => (
            <div key={i}>
              <h4>Page {i + 1}</h4>
              {text.trim() ? <pre>{text.trimEnd()}</pre> : <p className="muted">No text on this page (a scan or a drawing).</p>}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/** The page strip and what it does: extract the selected pages, move a page, add a blank one. */
function PagesTool({ doc, pdf, failed, onChanged }: { doc: ToolsDoc; pdf: PDFDocumentProxy | null; failed: boolean; onChanged: () => Promise<unknown> }) {
  // The pages selected, of the version they were selected in: a new version renumbers the pages, so the selection starts afresh.
  const [selection, setSelection] = useState<{ version: number; pages: ReadonlySet<number> }>({ version: doc.versionCount, pages: new Set() });
  const selected = selection.version === doc.versionCount ? selection.pages : new Set<number>();
  const setSelected = (pages: ReadonlySet<number>) => setSelection({ version: doc.versionCount, pages });
  const { outcome, busy, run } = useTool();
  const [extract] = useMutation(EXTRACT_PAGES);
  const [move] = useMutation(MOVE_PAGE);
  const [add] = useMutation(ADD_PAGE);
  const count = pdf?.numPages ?? 0;
  const chosen = [...selected].sort((a, b) => a - b);
  const toggle = (n: number) => {
    const next = new Set(selected);
    if (next.has(n)) next.delete(n);
    else next.add(n);
    setSelected(next);
  };
  const numbers = Array.from({ length: count }, (_, i) => i + 1);

  const onExtract = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim() || null;
    void run(async () => {
      const { data } = await extract({ variables: { input: { documentId: doc.id, pages: chosen, name } } });
      setSelected(new Set());
      return newDocument(data?.extractPages, `Pages ${pageList(chosen)} are a new document.`);
    });
  };
  const onMove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fromPage = Number(form.get('fromPage'));
    const toPage = Number(form.get('toPage'));
    void run(async () => {
      const { data } = await move({ variables: { input: { documentId: doc.id, fromPage, toPage } } });
      await onChanged();
      return newVersion(data?.movePdfPage, `Page ${fromPage} moved to position ${toPage}.`);
    });
  };
  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const at = String(form.get('index') ?? '');
    const size = String(form.get('pageSize') ?? '');
    void run(async () => {
      const { data } = await add({ variables: { input: { documentId: doc.id, index: at ? Number(at) : null, pageSize: (size || null) as PdfPaperSize | null } } });
      await onChanged();
      return newVersion(data?.addPdfPage, at ? `A blank page is now page ${at}.` : 'A blank page is now the last page.');
    });
  };

  return (
    <section className="settings-card tools-wide" aria-labelledby="tools-pages-title">
      <h3 id="tools-pages-title">Pages</h3>
      {pdf ? (
        <>
          <p className="muted">Select pages to make a new document of them. Moving or adding a page makes a new version of this one.</p>
          <PageStrip pdf={pdf} selected={selected} onToggle={toggle} />
        </>
      ) : failed ? (
        <p className="muted">The pages could not be drawn here; the forms below still work by page number.</p>
      ) : (
        <p className="muted" role="status">
          Drawing the pages…
        </p>
      )}
      <div className="tools-forms">
        <form className="stack" onSubmit={onExtract} aria-labelledby="extract-title">
          <h4 id="extract-title">Extract</h4>
          <p role="status" className="hint">
            {chosen.length === 0 ? 'No pages selected: select them in the strip.' : `Selected: ${chosen.length === 1 ? 'page' : 'pages'} ${pageList(chosen)}.`}
          </p>
          <label>
            Name of the new document (optional)
            <input name="name" maxLength={255} placeholder={`${doc.name} (pages …)`} />
          </label>
          <div className="actions">
            <button type="submit" className="small" disabled={busy || chosen.length === 0}>
              {chosen.length === 0 ? 'Extract pages' : `Extract ${chosen.length === 1 ? '1 page' : `${chosen.length} pages`}`}
            </button>
            {chosen.length > 0 && (
              <button type="button" className="secondary small" onClick={() => setSelected(new Set())}>
                Clear selection
              </button>
            )}
          </div>
        </form>
        <form className="stack" onSubmit={onMove} aria-labelledby="move-page-title" key={`move-${doc.versionCount}-${count}-${chosen[0] ?? 0}`}>
          <h4 id="move-page-title">Move a page</h4>
          <label>
            Page
            <select name="fromPage" defaultValue={chosen[0] ?? 1} disabled={count === 0}>
              {numbers.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <label>
            To position
            <select name="toPage" defaultValue={count} disabled={count === 0}>
              {numbers.map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? '1 (first)' : n === count ? `${n} (last)` : n}
                </option>
              ))}
            </select>
          </label>
          <div className="actions">
            <button type="submit" className="small" disabled={busy || count < 2}>
              Move page
            </button>
          </div>
        </form>
        <form className="stack" onSubmit={onAdd} aria-labelledby="add-page-title" key={`add-${doc.versionCount}-${count}`}>
          <h4 id="add-page-title">Add a blank page</h4>
          <label>
            Where
            <select name="index" defaultValue="">
              <option value="">After the last page</option>
              {numbers.map((n) => (
                <option key={n} value={n}>
                  Before page {n}
                </option>
              ))}
            </select>
          </label>
          <label>
            Size
            <select name="pageSize" defaultValue="">
              <option value="">As the page before it</option>
              {SIZES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <div className="actions">
            <button type="submit" className="small" disabled={busy}>
              Add page
            </button>
          </div>
        </form>
      </div>
      <Outcome {...outcome} />
    </section>
  );
}

/** A diagonal text watermark across every page, or the pages listed. */
function WatermarkTool({ doc, pageCount, onChanged }: { doc: ToolsDoc; pageCount: number; onChanged: () => Promise<unknown> }) {
  const { outcome, busy, run, setOutcome } = useTool();
  const [add] = useMutation(WATERMARK);
  const [opacity, setOpacity] = useState(0.3);
  const [which, setWhich] = useState<'all' | 'some'>('all');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = String(form.get('text') ?? '').trim();
    let pages: number[] | null = null;
    if (which === 'some') {
      const parsed = parsePages(String(form.get('pages') ?? ''), pageCount);
      if (typeof parsed === 'string') return setOutcome({ error: parsed });
      pages = parsed;
    }
    void run(async () => {
      const { data } = await add({ variables: { input: { documentId: doc.id, text, opacity, pages } } });
      await onChanged();
      const n = data?.addPdfWatermark?.pagesWatermarked ?? 0;
      return newVersion(data?.addPdfWatermark, `Watermark “${text}” on ${n} ${n === 1 ? 'page' : 'pages'}.`);
    });
  };
  return (
    <section className="settings-card" aria-labelledby="tools-watermark-title">
      <h3 id="tools-watermark-title">Watermark</h3>
      <form className="stack" onSubmit={submit}>
        <label>
          Watermark text
          <input name="text" required maxLength={200} placeholder="PRELIMINARY – NOT FOR CONSTRUCTION" />
        </label>
        <label>
          Opacity: {Math.round(opacity * 100)}%
          <input type="range" name="opacity" min={0.05} max={1} step={0.05} value={opacity} onChange={(e) => setOpacity(Number(e.currentTarget.value))} />
        </label>
        <fieldset className="tools-choice">
          <legend>Pages</legend>
          <label className="checkbox">
            <input type="radio" name="which" checked={which === 'all'} onChange={() => setWhich('all')} /> Every page
          </label>
          <label className="checkbox">
            <input type="radio" name="which" checked={which === 'some'} onChange={() => setWhich('some')} /> Only these pages
          </label>
          {which === 'some' && (
            <label>
              Page numbers
              <input name="pages" required placeholder={pageCount > 2 ? `1, 3–${pageCount}` : '1'} inputMode="numeric" />
            </label>
          )}
        </fieldset>
        <div className="actions">
          <button type="submit" className="small" disabled={busy}>
            {busy ? 'Adding…' : 'Add watermark'}
          </button>
        </div>
      </form>
      <Outcome {...outcome} />
    </section>
  );
}

type FieldKind = 'text' | 'checkbox' | 'radio' | 'dropdown' | 'list';
interface FormField {
  name: string;
  kind: FieldKind;
  value: string;
  options: string[];
  readOnly: boolean;
}
const KIND_WORDS: Record<FieldKind, string> = { text: 'Text', checkbox: 'Checkbox', radio: 'Choice (radio)', dropdown: 'Dropdown', list: 'List' };

/**
 * The form's fields by their full names, read with pdf-lib, the library that fills them on the
 * server, so names and options are the ones fillPdfForm takes (pdf.js names a radio button of
 * a group with /Opt by its index instead). pdf.js tells first whether there is a form at all:
 * pdf-lib is loaded, and the file parsed again, only when there is.
 */
async function readFields(pdf: PDFDocumentProxy, bytes: Uint8Array): Promise<FormField[]> {
  if (!(await pdf.getFieldObjects())) return [];
  const lib = await import('pdf-lib');
  const doc = await lib.PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const fields: FormField[] = [];
  for (const f of doc.getForm().getFields()) {
    const common = { name: f.getName(), readOnly: f.isReadOnly() };
    if (f instanceof lib.PDFTextField) fields.push({ ...common, kind: 'text', value: f.getText() ?? '', options: [] });
    else if (f instanceof lib.PDFCheckBox) fields.push({ ...common, kind: 'checkbox', value: f.isChecked() ? 'true' : 'false', options: [] });
    else if (f instanceof lib.PDFRadioGroup) fields.push({ ...common, kind: 'radio', value: f.getSelected() ?? '', options: f.getOptions() });
    else if (f instanceof lib.PDFDropdown) fields.push({ ...common, kind: 'dropdown', value: f.getSelected()[0] ?? '', options: f.getOptions() });
    else if (f instanceof lib.PDFOptionList) fields.push({ ...common, kind: 'list', value: f.getSelected()[0] ?? '', options: f.getOptions() });
  }
  return fields;
}

/** The form's fields listed with their values; the changed ones filled (fillPdfForm), optionally flattened; or the form flattened as it is. */
function FormTool({ doc, pdf, bytes, onChanged }: { doc: ToolsDoc; pdf: PDFDocumentProxy | null; bytes: Uint8Array | null; onChanged: () => Promise<unknown> }) {
  const [fields, setFields] = useState<FormField[] | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const { outcome, busy, run, setOutcome } = useTool();
  const [fill] = useMutation(FILL_FORM);
  const [flattenForm] = useMutation(FLATTEN_FORM);
  const [flatten, setFlatten] = useState(false);
  useEffect(() => {
    if (!pdf || !bytes) return;
    let cancelled = false;
    readFields(pdf, bytes)
      .then((read) => {
        if (cancelled) return;
        setFields(read);
        setValues(Object.fromEntries(read.map((f) => [f.name, f.value])));
      })
      .catch(() => !cancelled && setFields([]));
    return () => {
      cancelled = true;
    };
  }, [pdf, bytes]);
  const changed = (fields ?? []).filter((f) => !f.readOnly && values[f.name] !== f.value);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changed.length === 0) return setOutcome({ error: 'Change a field first: only the fields you change are filled.' });
    void run(async () => {
      const { data } = await fill({ variables: { input: { documentId: doc.id, fields: changed.map((f) => ({ name: f.name, value: values[f.name] ?? '' })), flatten } } });
      await onChanged();
      const n = data?.fillPdfForm?.fieldsFilled ?? 0;
      return newVersion(data?.fillPdfForm, `${n} ${n === 1 ? 'field' : 'fields'} filled${flatten ? ', then the form flattened' : ''}.`);
    });
  };
  const flattenNow = () =>
    void run(async () => {
      const { data } = await flattenForm({ variables: { documentId: doc.id } });
      await onChanged();
      const n = data?.flattenPdfForm?.operationsApplied ?? 0;
      return newVersion(data?.flattenPdfForm, `${n} ${n === 1 ? 'field is' : 'fields are'} now part of the page.`);
    });
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  return (
    <section className="settings-card" aria-labelledby="tools-form-title">
      <h3 id="tools-form-title">Form</h3>
      {!fields ? (
        <p className="muted" role="status">
          Reading the form…
        </p>
      ) : fields.length === 0 ? (
        <p className="muted">This PDF has no form fields to fill.</p>
      ) : (
        <form className="stack" onSubmit={submit}>
          <p className="muted">
            {fields.length} {fields.length === 1 ? 'field' : 'fields'}. The ones you change are filled, as a new version.
          </p>
          {fields.map((f) => {
            const hint = (
              <span className="hint">
                {KIND_WORDS[f.kind]}
                {f.readOnly ? ', read-only' : ''}
              </span>
            );
            if (f.kind === 'checkbox')
              return (
                <label key={f.name} className="checkbox">
                  <input type="checkbox" checked={values[f.name] === 'true'} disabled={f.readOnly} onChange={(e) => set(f.name, e.currentTarget.checked ? 'true' : 'false')} />
                  <span>
                    {f.name} {hint}
                  </span>
                </label>
              );
            if (f.kind === 'radio')
              return (
                <fieldset key={f.name} className="tools-choice">
                  <legend>
                    {f.name} {hint}
                  </legend>
                  {f.options.map((option) => (
                    <label key={option} className="checkbox">
                      <input type="radio" name={`field-${f.name}`} value={option} checked={values[f.name] === option} disabled={f.readOnly} onChange={() => set(f.name, option)} /> {option}
                    </label>
                  ))}
                </fieldset>
              );
            if (f.kind === 'dropdown' || f.kind === 'list')
              return (
                <label key={f.name}>
                  <span>
                    {f.name} {hint}
                  </span>
                  <select value={values[f.name] ?? ''} disabled={f.readOnly} onChange={(e) => set(f.name, e.currentTarget.value)}>
                    {!f.options.includes(values[f.name] ?? '') && <option value={values[f.name] ?? ''}>{values[f.name] || '(none chosen)'}</option>}
                    {f.options.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                </label>
              );
            return (
              <label key={f.name}>
                <span>
                  {f.name} {hint}
                </span>
                <input value={values[f.name] ?? ''} readOnly={f.readOnly} onChange={(e) => set(f.name, e.currentTarget.value)} />
              </label>
            );
          })}
          <label className="checkbox">
            <input type="checkbox" checked={flatten} onChange={(e) => setFlatten(e.currentTarget.checked)} /> Flatten afterwards (the values become part of the page)
          </label>
          <div className="actions">
            <button type="submit" className="small" disabled={busy}>
              Fill {changed.length === 1 ? '1 field' : `${changed.length} fields`}
            </button>
            <button type="button" className="secondary small" disabled={busy} onClick={flattenNow}>
              Flatten form as it is
            </button>
          </div>
        </form>
      )}
      <Outcome {...outcome} />
    </section>
  );
}

/**
 * The document page's Tools panel: info and metadata, the text, and on a draft the page strip
 * (extract, move, add), a watermark and the form. Each edit says what it made: the document's
 * new version, or a new document, with a link to it. A sealed document is read, never edited.
 */
export function DocumentTools({ doc, onChanged }: { doc: ToolsDoc; onChanged: () => Promise<unknown> }) {
  const editable = doc.status === 'DRAFT' && !!doc.downloadUrl;
  // The strip and the form need the file in the browser, and every fetch of it is a download in
  // the audit trail: it is fetched when asked for, not on every visit of the page.
  const [opened, setOpened] = useState(false);
  const { pdf, bytes, failed } = usePdf(editable && opened ? (doc.downloadUrl ?? null) : null);
  if (!doc.downloadUrl)
    return (
      <section className="stack" aria-labelledby="tools-title">
        <h2 id="tools-title">Tools</h2>
        <p className="muted">The tools work on a file: upload a version first.</p>
      </section>
    );
  return (
    <section className="stack" aria-labelledby="tools-title">
      <h2 id="tools-title">Tools</h2>
      {doc.status === 'SEALED' ? (
        <p className="notice">Edits are not possible on a sealed document: a sealed version never changes. Its info and text can still be read.</p>
      ) : doc.status === 'ARCHIVED' ? (
        <p className="notice">An archived document takes no edits until it is unarchived. Its info and text can still be read.</p>
      ) : null}
      <div className="tools-grid">
        <Details documentId={doc.id} version={doc.versionCount} />
        {editable && <WatermarkTool doc={doc} pageCount={pdf?.numPages ?? 0} onChanged={onChanged} />}
        {editable && opened && <PagesTool doc={doc} pdf={pdf} failed={failed} onChanged={onChanged} />}
        {editable && opened && <FormTool doc={doc} pdf={pdf} bytes={bytes} onChanged={onChanged} />}
        {editable && !opened && (
          <section className="settings-card" aria-labelledby="tools-open-title">
            <h3 id="tools-open-title">Pages and form</h3>
            <p className="muted">Draw the pages to extract, move or add one, and list the form&apos;s fields to fill them. Your browser downloads the file for this (the audit trail records it).</p>
            <div className="actions">
              <button type="button" className="secondary small" onClick={() => setOpened(true)}>
                Show pages and form fields
              </button>
            </div>
          </section>
        )}
        <TextViewer documentId={doc.id} />
      </div>
    </section>
  );
}
