/**
 * An upload whose object 4 (the page's content) is defined twice, the xref pointing at the
 * first: every preview (pdf.js here) shows that one, while pdf-lib, which sealing rewrites the
 * file with, keeps the last. Such a file is refused at upload, and nothing of it is stored.
 */
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { sha256, uploadBytes } from '../../test/documents.ts';
import { db } from '../db/index.ts';
import { blobStore } from '../storage/index.ts';

let user: SeededUser;
beforeAll(async () => {
  user = await seedUser({ planLevel: 'PROFESSIONAL' });
});

const content = (words: string) => {
  const text = `BT /F1 24 Tf 72 700 Td (${words}) Tj ET`;
  return `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
};

/** One page whose content stream is defined as REV A, then again as REV B; the xref lists the one named. */
function shadowed(listed: 'first' | 'last'): Uint8Array {
  let text = '%PDF-1.7\n';
  const offsets: number[] = [];
  const obj = (n: number, body: string) => {
    offsets[n] = text.length;
    text += `${n} 0 obj\n${body}\nendobj\n`;
  };
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  obj(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  obj(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>');
  obj(4, content('DESIGN REV A: 10 mm bolts'));
  obj(5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const first = offsets[4];
  obj(4, content('DESIGN REV B: 4 mm bolts'));
  if (listed === 'first') offsets[4] = first;
  const xref = text.length;
  text += `xref\n0 6\n0000000000 65535 f\r\n${offsets
    .slice(1)
    .map((o) => `${String(o).padStart(10, '0')} 00000 n\r\n`)
    .join('')}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

/** The text pdf.js (what the previews use) finds on page 1. */
async function pdfjsText(bytes: Uint8Array): Promise<string> {
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, stopAtErrors: true, verbosity: 0 }).promise;
  try {
    const page = await pdf.getPage(1);
    return (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  } finally {
    await pdf.destroy();
  }
}

describe('an upload defining an object twice', () => {
  it('is refused when readers and pdf-lib would see different versions, and nothing is stored', async () => {
    const bytes = shadowed('first');
    expect(await pdfjsText(bytes)).toContain('REV A');
    const res = await uploadBytes(bytes, 'shadow.pdf', user.accessToken);
    expect(res.body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors?.[0].message).toMatch(/shadow\.pdf is not a readable PDF: it defines object 4 more than once, and readers would show a different version of it than the one sealed/);
    expect(res.body.data?.uploadFile ?? null).toBeNull();
    expect(await db().fileUpload.count({ where: { fileHash: sha256(bytes) } })).toBe(0);
    expect(await blobStore().has(sha256(bytes))).toBe(false);
  });

  it('is accepted when the xref lists the definition pdf-lib keeps', async () => {
    const bytes = shadowed('last');
    expect(await pdfjsText(bytes)).toContain('REV B');
    const res = await uploadBytes(bytes, 'agreed.pdf', user.accessToken);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.uploadFile).toMatchObject({ fileHash: sha256(bytes), contentType: 'application/pdf' });
  });
});
