/**
 * The words of the document page's Tools panel: a PDF tool's refusal said for a person (a sealed
 * document, the per-user limit of PDF operations), page sizes by name, file sizes, page lists.
 */
import { describeError } from './api-errors.ts';

interface WireError {
  message?: string;
  extensions?: { code?: string; retryAfterSeconds?: number };
}

/** The API's error code of a failed request, if it gave one. */
export function errorCode(error: unknown): string | undefined {
  return (error as { errors?: WireError[] } | null)?.errors?.[0]?.extensions?.code;
}

/** A PDF tool's failure in words: DOCUMENT_SEALED and BILLING_RATE_LIMIT_EXCEEDED said plainly, else the API's message. */
export function pdfToolError(error: unknown): string {
  const first = (error as { errors?: WireError[] } | null)?.errors?.[0];
  switch (first?.extensions?.code) {
    case 'DOCUMENT_SEALED':
      return 'Edits are not possible on a sealed document: a sealed version never changes. To revise it, upload the revision as a new document and seal that.';
    case 'BILLING_RATE_LIMIT_EXCEEDED': {
      const wait = first.extensions.retryAfterSeconds;
      return `Too many PDF operations: each person may run 10 a minute (details, text and edits all count). ${wait ? `Try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}.` : 'Try again in a minute.'}`;
    }
    default:
      return describeError(error);
  }
}

const PAPER: ReadonlyArray<readonly [string, number, number]> = [
  ['Letter', 612, 792],
  ['Legal', 612, 1008],
  ['Tabloid', 792, 1224],
  ['A4', 595.28, 841.89],
  ['A3', 841.89, 1190.55],
];

/** A page size in words: "Letter, portrait (612 × 792 pt)"; "500 × 300 pt, landscape" when it has no paper name. */
export function pageSizeWords(width: number, height: number): string {
  const orientation = width > height ? 'landscape' : width < height ? 'portrait' : 'square';
  const pt = `${Math.round(width)} × ${Math.round(height)} pt`;
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  const paper = PAPER.find(([, w, h]) => Math.abs(w - short) < 2 && Math.abs(h - long) < 2);
  return paper ? `${paper[0]}, ${orientation} (${pt})` : `${pt}, ${orientation}`;
}

/** The pages of each size: "1–3, 5: Letter, portrait (612 × 792 pt)" per line, pages in runs. */
export function pageSizeRuns(sizes: ReadonlyArray<{ page: number; width: number; height: number }>): string[] {
  const groups = new Map<string, number[]>();
  for (const s of sizes) {
    const words = pageSizeWords(s.width, s.height);
    groups.set(words, [...(groups.get(words) ?? []), s.page]);
  }
  return [...groups].map(([words, pages]) => `${pageList(pages)}: ${words}`);
}

/** Page numbers as runs: [1, 2, 3, 5] → "1–3, 5"; "page 4" alone reads "4". */
export function pageList(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    runs.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return runs.join(', ');
}

/** Bytes in words: "840 bytes", "12.3 KB", "4.1 MB". */
export function fileSizeWords(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** "1, 3-5" → [1, 3, 4, 5] within 1..count, or what is wrong with it in words. */
export function parsePages(text: string, count: number): number[] | string {
  const pages: number[] = [];
  for (const part of text.split(/[,\s]+/).filter(Boolean)) {
    const m = part.match(/^(\d+)(?:[-–](\d+))?$/);
    if (!m) return `“${part}” is not a page number or a range like 2–4.`;
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    if (from < 1 || to < from) return `“${part}” is not a range of pages.`;
    if (count > 0 && to > count) return `The document has ${count} ${count === 1 ? 'page' : 'pages'}: there is no page ${to}.`;
    for (let n = from; n <= to; n += 1) if (!pages.includes(n)) pages.push(n);
  }
  return pages.length > 0 ? pages : 'List the pages, like 1, 3–4.';
}
