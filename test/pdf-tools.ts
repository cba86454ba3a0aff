/** Helpers for the PDF tools' tests: independent readers (qpdf, poppler) on bytes, stored files, and planted documents. */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PNG } from 'pngjs';
import { db } from '../lib/db/index.ts';
import { blobStore } from '../lib/storage/index.ts';
import type { SeededUser } from '../prisma/factories.ts';
import { gql } from './graphql.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-pdf-tools-'));
process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));

/** Run a system tool on bytes written to a temporary file: its stdout, or throws with its stderr. */
export function tool(command: string, args: (file: string) => string[], bytes: Uint8Array): string {
  const file = path.join(tmp, `${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync(command, args(file), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** qpdf --check's verdict: true when it finds no error (warnings fail too). */
export function qpdfClean(bytes: Uint8Array): boolean {
  try {
    return /No syntax or stream encoding errors found/.test(tool('qpdf', (f) => ['--check', f], bytes));
  } catch {
    return false;
  }
}

/** pdfinfo's page facts for every page: size as pdfinfo prints it (unrotated) and rotation. */
export function pdfinfoPages(bytes: Uint8Array): { pages: number; sizes: Array<{ width: number; height: number; rotation: number }> } {
  const out = tool('pdfinfo', (f) => ['-f', '1', '-l', '100000', f], bytes);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(out)?.[1]);
  const sizes: Array<{ width: number; height: number; rotation: number }> = [];
  for (const m of out.matchAll(/^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts/gm)) sizes[Number(m[1]) - 1] = { width: Number(m[2]), height: Number(m[3]), rotation: 0 };
  for (const m of out.matchAll(/^Page\s+(\d+) rot:\s+(\d+)/gm)) sizes[Number(m[1]) - 1].rotation = Number(m[2]);
  return { pages, sizes };
}

/** pdftotext of one page (or all). */
export function pdftotext(bytes: Uint8Array, page?: number, extra: string[] = []): string {
  return tool('pdftotext', (f) => [...extra, ...(page ? ['-f', String(page), '-l', String(page)] : []), f, '-'], bytes);
}

/** A page rendered by pdftoppm at `dpi`, as RGB pixels. */
export function render(bytes: Uint8Array, page: number, dpi = 36): PNG {
  const file = path.join(tmp, `${crypto.randomUUID()}.pdf`);
  const out = path.join(tmp, crypto.randomUUID());
  fs.writeFileSync(file, bytes);
  try {
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, out], { stdio: 'ignore' });
    return PNG.sync.read(fs.readFileSync(`${out}.png`));
  } finally {
    fs.rmSync(file, { force: true });
    fs.rmSync(`${out}.png`, { force: true });
  }
}

/** The RGB of a pixel. */
export function pixel(png: PNG, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * png.width + Math.round(x)) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
}

/** The bytes of a document's current version, from the blob store. */
export async function currentFile(documentId: string): Promise<{ bytes: Uint8Array; versionNumber: number; notes: string | null; pageCount: number | null }> {
  const doc = await db().document.findUniqueOrThrow({ where: { id: documentId }, select: { currentVersion: { select: { fileHash: true, versionNumber: true, notes: true, pageCount: true } } } });
  const v = doc.currentVersion!;
  const bytes = await blobStore().read(v.fileHash);
  if (!bytes) throw new Error(`blob ${v.fileHash} missing`);
  return { bytes: new Uint8Array(bytes), versionNumber: v.versionNumber, notes: v.notes, pageCount: v.pageCount };
}

/**
 * A document whose current version is these bytes, written straight to the blob store and the
 * database, past the upload's checks: how a file accepted under older, looser rules (or a
 * hostile one that got through) would sit there.
 */
export async function plantDocument(owner: SeededUser, bytes: Uint8Array, name = 'Planted'): Promise<string> {
  const put = await blobStore().put(Readable.from([Buffer.from(bytes)]), { maxBytes: 64 * 1024 * 1024 });
  const doc = await db().document.create({ data: { organizationId: owner.organizationId, createdById: owner.id, name }, select: { id: true } });
  const version = await db().documentVersion.create({
    data: { documentId: doc.id, versionNumber: 1, createdById: owner.id, fileHash: put.hash, size: put.size, encrypted: false, pageCount: null },
    select: { id: true },
  });
  await db().document.update({ where: { id: doc.id }, data: { currentVersionId: version.id } });
  return doc.id;
}

export const RESULT_FIELDS = 'pageCount operationsApplied fieldsFilled pagesWatermarked document { id name status versionCount currentVersion { versionNumber fileHash notes } }';

/** A PDF mutation through GraphQL: its answer (data or errors), with how long it took. */
export async function pdfMutation(token: string, name: string, input: Record<string, unknown> | string, inputType?: string) {
  const started = performance.now();
  const res =
    typeof input === 'string'
      ? await gql(`mutation($id: UUID!) { ${name}(documentId: $id) { ${RESULT_FIELDS} } }`, { token, variables: { id: input } })
      : await gql(`mutation($input: ${inputType}!) { ${name}(input: $input) { ${RESULT_FIELDS} } }`, { token, variables: { input } });
  return { ...res, ms: performance.now() - started, result: res.body.data?.[name] ?? null, error: res.body.errors?.[0] };
}
