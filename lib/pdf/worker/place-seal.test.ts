/**
 * placeSeals: every page asked gets the seal, drawn by a small stream that pages sealed alike
 * share (the same name for the seal's form in their resources, the same turn), and read back by poppler (pdftoppm) the seal
 * is on each of those pages, where the placement says: on pages of two sizes, on a page stored
 * rotated, and on a page whose resources already use the seal form's usual name for something else.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, PDFRef, decodePDFRawStream, degrees, rgb } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { placeSeals } from './place-seal.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-place-seal-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A one-page stamp: a filled disc, dark enough to find in a rendering. */
async function stampPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawCircle({ x: 100, y: 100, size: 96, color: rgb(0, 0, 0) });
  return pdf.save();
}

/** Pages 1–3 letter, 4 letter stored rotated 90°, 5 ARCH D, 6 letter whose XObjects already name another object SealwrightSeal. */
async function sheets(): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < 3; i++) pdf.addPage([612, 792]).drawText(`Sheet ${i + 1}`, { x: 60, y: 700, size: 10 });
  pdf.addPage([612, 792]).setRotation(degrees(90));
  pdf.addPage([2592, 1728]);
  const clash = pdf.addPage([612, 792]);
  const other = pdf.context.register(pdf.context.formXObject([], { BBox: [0, 0, 1, 1] }));
  clash.node.setXObject(PDFName.of('SealwrightSeal'), other);
  return pdf;
}

/** The names a content stream draws with Do. */
function drawnNames(doc: PDFDocument, ref: PDFRef): string[] {
  const stream = doc.context.lookup(ref) as PDFRawStream;
  const text = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  return [...text.matchAll(/\/(\S+)\s+Do/g)].map((m) => m[1]);
}

/** Grey pixels of one page (pdftoppm), at 9 dpi. */
function render(bytes: Uint8Array, page: number): { width: number; height: number; pixels: Buffer } {
  const file = path.join(tmp, `${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  const out = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-r', '9', '-gray', '-singlefile', '-f', String(page), '-l', String(page), file, out]);
  const pgm = fs.readFileSync(`${out}.pgm`);
  const [header, width, height] = pgm.toString('latin1', 0, 40).match(/^P5\s+(\d+)\s+(\d+)\s+255\s/)!;
  return { width: Number(width), height: Number(height), pixels: pgm.subarray(header.length) };
}

describe('placeSeals', () => {
  it('seals every page asked, with one drawing stream for the pages sealed alike, and poppler sees the stamp on each', async () => {
    const doc = await sheets();
    const other = doc.getPage(5).node.normalizedEntries().XObject.get(PDFName.of('SealwrightSeal'));
    const placement = { pages: [0, 1, 2, 3, 4, 5], positionX: 0.5, positionY: 0.5, size: 144, footer: 'Sealed by Jordan Ellis', verificationUrl: 'https://sealwright.example/verify/abcdefghijkl' };
    await placeSeals(doc, await stampPdf(), placement);
    const bytes = await doc.save({ useObjectStreams: false });
    const saved = await PDFDocument.load(bytes);

    const draws = saved.getPages().map((page) => {
      const contents = page.node.Contents() as PDFArray;
      return contents.get(contents.size() - 1) as PDFRef;
    });
    const names = draws.map((ref) => drawnNames(saved, ref));
    // The upright pages, letter and ARCH D alike, share one stream (the name it draws is each
    // page's own resource: the form of that page's size); the rotated page and the clashing page have their own.
    const [letter, , , rotated, archD, clashing] = draws.map(String);
    expect(draws.slice(0, 3).map(String)).toEqual([letter, letter, letter]);
    expect(archD).toBe(letter);
    expect(new Set([letter, rotated, clashing]).size).toBe(3);
    expect(names.slice(0, 5)).toEqual(Array(5).fill(['SealwrightSeal']));
    expect(names[5]).toHaveLength(1);
    expect(names[5][0]).not.toBe('SealwrightSeal');
    // The clashing page keeps what it had under the usual name; the seal's form goes under the other.
    const xObject = (page: number, name: string) => saved.getPage(page).node.normalizedEntries().XObject.get(PDFName.of(name)) as PDFRef;
    expect(xObject(5, 'SealwrightSeal')).toBe(other);
    const bbox = (page: number, name: string) => (saved.context.lookup(xObject(page, name)) as PDFRawStream).dict.lookup(PDFName.of('BBox'))?.toString();
    expect(bbox(5, names[5][0])).toBe('[ 0 0 612 792 ]');
    expect(xObject(0, 'SealwrightSeal')).toBe(xObject(2, 'SealwrightSeal'));
    expect(bbox(4, 'SealwrightSeal')).toBe('[ 0 0 2592 1728 ]');
    // The rotated letter page is seen landscape: its form is that of a 792 × 612 sheet.
    expect(bbox(3, 'SealwrightSeal')).toBe('[ 0 0 792 612 ]');
    // Each page its own link to the verification page.
    expect(saved.getPages().map((page) => (page.node.lookup(PDFName.of('Annots')) as PDFArray).size())).toEqual([1, 1, 1, 1, 1, 1]);

    // Read back by poppler: the middle of each page as seen, where the stamp is centred, is dark.
    for (let page = 1; page <= 6; page++) {
      const { width, height, pixels } = render(bytes, page);
      const centre = pixels[Math.floor(height / 2) * width + Math.floor(width / 2)];
      expect(centre, `page ${page}`).toBeLessThan(64);
    }
  });
});
