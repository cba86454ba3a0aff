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
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, StandardFonts, decodePDFRawStream, degrees, rgb } from 'pdf-lib';
import type { PDFContext } from 'pdf-lib';
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

/** Grey pixels of one page (pdftoppm), at 9 dpi unless asked. */
function render(bytes: Uint8Array, page: number, dpi = 9): { width: number; height: number; pixels: Buffer } {
  const file = path.join(tmp, `${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  const out = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-singlefile', '-f', String(page), '-l', String(page), file, out]);
  const pgm = fs.readFileSync(`${out}.pgm`);
  const [header, width, height] = pgm.toString('latin1', 0, 40).match(/^P5\s+(\d+)\s+(\d+)\s+255\s/)!;
  return { width: Number(width), height: Number(height), pixels: pgm.subarray(header.length) };
}

/** An annotation's dictionary, as pdf-lib's context.obj takes it. */
type Annotation = NonNullable<Parameters<PDFContext['stream']>[1]>;

/**
 * A letter page whose own content, after a line of text at its top, ends with `tail`, in a
 * document with two layers: oc1 off, oc2 shown on screen but not printed. `annots` are the
 * page's annotations.
 */
async function prepared(tail: string, annots: Annotation[] = []): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  const { context } = pdf;
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const hidden = context.register(context.obj({ Type: 'OCG', Name: 'Hidden' }));
  const screenOnly = context.register(context.obj({ Type: 'OCG', Name: 'ScreenOnly', Usage: { Print: { PrintState: 'OFF' }, View: { ViewState: 'ON' } } }));
  pdf.catalog.set(
    PDFName.of('OCProperties'),
    context.obj({
      OCGs: [hidden, screenOnly],
      D: {
        OFF: [hidden],
        AS: [
          { Event: 'Print', OCGs: [screenOnly], Category: ['Print'] },
          { Event: 'View', OCGs: [screenOnly], Category: ['View'] },
        ],
      },
    }),
  );
  const page = pdf.addPage([612, 792]);
  page.node.set(PDFName.of('Contents'), context.register(context.stream(`BT /F1 18 Tf 72 740 Td (Prepared sheet) Tj ET\n${tail}\n`)));
  page.node.set(PDFName.of('Resources'), context.obj({ Font: { F1: font.ref }, Properties: { oc1: hidden, oc2: screenOnly } }));
  if (annots.length > 0) page.node.set(PDFName.of('Annots'), context.obj(annots.map((a) => context.register(context.obj(a)))));
  // Read back, as sealing reads an upload.
  return PDFDocument.load(await pdf.save());
}

/** The stamp at the middle of the page, the QR code and URL under it. */
const middle = { pages: [0], positionX: 0.5, positionY: 0.5, size: 144, footer: 'Sealed by Jordan Ellis', verificationUrl: 'https://sealwright.example/verify/abcdefghijkl' };

/** A page's content streams decoded and joined. */
function pageContent(doc: PDFDocument, page: number): string {
  const contents = doc.getPage(page).node.Contents() as PDFArray;
  return contents
    .asArray()
    .map((ref) => Buffer.from(decodePDFRawStream(doc.context.lookup(ref) as PDFRawStream).decode()).toString('latin1'))
    .join(' ');
}

/** Dark pixels (poppler, 50 dpi) in the square of 80 pixels around the middle of page 1, where the stamp's disc is. */
function darkAtStamp(bytes: Uint8Array): number {
  const { width, height, pixels } = render(bytes, 1, 50);
  let dark = 0;
  for (let y = Math.floor(height / 2) - 40; y < Math.floor(height / 2) + 40; y++) {
    for (let x = Math.floor(width / 2) - 40; x < Math.floor(width / 2) + 40; x++) if (pixels[y * width + x] < 128) dark++;
  }
  return dark;
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

describe('placeSeals on content prepared to hide the seal', () => {
  it.each([
    ['an extra Q, then a clip', 'Q 0 0 1 1 re W n', /^Page 1's content restores a graphics state it never saved, which could hide the seal: open the PDF/],
    ['an extra Q, then invisible text', 'Q BT 3 Tr ET', /^Page 1's content restores a graphics state it never saved/],
    ['an extra EMC', '/OC /oc1 BDC EMC EMC', /^Page 1's content ends a marked-content sequence it never began, which could hide the seal/],
    ['a string never ended', '(Q', /^Page 1's content has a string it never ends, which could hide the seal/],
  ])('refuses a page whose content ends with %s', async (_, tail, message) => {
    const doc = await prepared(tail);
    const refusal = placeSeals(doc, await stampPdf(), middle);
    await expect(refusal).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(refusal).rejects.toThrow(message);
  });

  /** A page whose balanced content ends by drawing a form, /Fm, made of `content` (it may draw /Inner, made of `inner`). */
  async function drawingForm(content: string, inner = 'q Q'): Promise<PDFDocument> {
    const doc = await prepared('/Fm Do');
    const { context } = doc;
    const properties = doc.getPage(0).node.Resources()!.get(PDFName.of('Properties'));
    const innerForm = context.register(context.stream(inner, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 612, 792], Resources: { Properties: properties } }));
    const form = context.register(context.stream(content, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 612, 792], Resources: { Properties: properties, XObject: { Inner: innerForm } } }));
    doc
      .getPage(0)
      .node.Resources()!
      .set(PDFName.of('XObject'), context.obj({ Fm: form }));
    return doc;
  }

  it.each([
    ['an extra Q, then a clip', 'Q Q Q 0 0 1 1 re W n', 'q Q', /^Page 1 draws a form \(\/Fm\) whose content restores a graphics state it never saved, which could hide the seal/],
    ['a layer that is off, never closed', '/OC /oc1 BDC', 'q Q', /^Page 1 draws a form \(\/Fm\) whose content leaves a marked-content sequence \(a layer\) open/],
    ['a layer not printed, never closed, in a form it draws', '/Inner Do', '/OC /oc2 BDC', /^Page 1 draws a form \(\/Inner\) whose content leaves a marked-content sequence/],
    ['an extra EMC', 'EMC', 'q Q', /^Page 1 draws a form \(\/Fm\) whose content ends a marked-content sequence it never began/],
  ])('refuses a page that draws last a form with %s (pdf.js lets it out of the form)', async (_, content, inner, message) => {
    const refusal = placeSeals(await drawingForm(content, inner), await stampPdf(), middle);
    await expect(refusal).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(refusal).rejects.toThrow(message);
  });

  it('seals a page that draws balanced forms, each read once', async () => {
    const doc = await drawingForm('q 0 0 1 1 re W n /OC /oc1 BDC /Inner Do EMC Q', 'BT /F1 9 Tf ET');
    await placeSeals(doc, await stampPdf(), middle);
    expect(darkAtStamp(await doc.save({ useObjectStreams: false }))).toBeGreaterThan(3000);
  });

  it('refuses a page whose content pdf-lib cannot decode', async () => {
    const doc = await prepared('');
    doc.getPage(0).node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream('xx', { Filter: 'JBIG2Decode' })));
    await expect(placeSeals(doc, await stampPdf(), middle)).rejects.toThrow(/^Page 1's content is compressed in a way Sealwright cannot read \(\/JBIG2Decode\)/);
  });

  it.each([
    ['a layer that is off, never closed', '/OC /oc1 BDC', 'EMC\nQ\n'],
    ['a layer not printed, never closed', '/OC /oc2 BDC', 'EMC\nQ\n'],
    ['a saved state and a clip, never restored', 'q 0 0 1 1 re W n', 'Q\nQ\n'],
    ['a text object in invisible mode, never ended', 'BT 3 Tr /F1 9 Tf', 'ET\nQ\n'],
    ['all of them', 'q 0 0 1 1 re W n /OC /oc1 BDC /P BMC BT 3 Tr', 'ET\nEMC\nEMC\nQ\nQ\n'],
  ])('closes %s before the seal, which poppler then shows', async (_, tail, closing) => {
    const doc = await prepared(tail);
    await placeSeals(doc, await stampPdf(), middle);
    const bytes = await doc.save({ useObjectStreams: false });
    const content = pageContent(await PDFDocument.load(bytes), 0);
    // The page's own content, then what closes it and the wrapper's Q, then the seal.
    const own = content.indexOf(tail);
    const closed = content.indexOf(closing, own + tail.length);
    expect(own).toBeGreaterThan(0);
    expect(closed).toBeGreaterThan(own);
    expect(content.indexOf('/SealwrightSeal Do')).toBeGreaterThan(closed);
    expect(darkAtStamp(bytes)).toBeGreaterThan(3000);
  });

  it("keeps a balanced page as before: its content, then the wrapper's lone Q, then the seal", async () => {
    const doc = await prepared('q 0 0 1 1 re W n Q');
    await placeSeals(doc, await stampPdf(), middle);
    const bytes = await doc.save({ useObjectStreams: false });
    expect(pageContent(await PDFDocument.load(bytes), 0)).toMatch(/q 0 0 1 1 re W n Q\n Q\n [^]*\/SealwrightSeal Do/);
    expect(darkAtStamp(bytes)).toBeGreaterThan(3000);
  });

  it('refuses an annotation over any part of the seal, and allows a link, a hidden one and one elsewhere', async () => {
    // White and opaque over the lower half of the page, as the probe's was (the reader draws its own fill without an appearance).
    const square = { Type: 'Annot', Subtype: 'Square', Rect: [0, 0, 612, 400], F: 4, C: [1, 1, 1], IC: [1, 1, 1] };
    let doc = await prepared('', [square]);
    await expect(placeSeals(doc, await stampPdf(), middle)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'An annotation (Square) covers the place of the seal on page 1: remove it or choose another position',
    });
    // Over the QR code under the stamp only (the stamp ends at y = 324).
    doc = await prepared('', [{ Type: 'Annot', Subtype: 'Widget', FT: 'Tx', T: '(notes)', Rect: [300, 280, 312, 300], F: 4 }]);
    await expect(placeSeals(doc, await stampPdf(), middle)).rejects.toThrow('An annotation (Widget) covers the place of the seal on page 1');
    // Shown only when printed: it covers the printed seal.
    doc = await prepared('', [{ ...square, F: 32 | 4 }]);
    await expect(placeSeals(doc, await stampPdf(), middle)).rejects.toThrow('An annotation (Square)');
    // The signature and date lines a board asks for are part of the seal too (right of the stamp).
    doc = await prepared('', [{ ...square, Rect: [390, 380, 500, 420] }]);
    await expect(placeSeals(doc, await stampPdf(), { ...middle, marks: { signature: true, date: '2026-11-23' } })).rejects.toThrow('An annotation (Square)');
    await expect(placeSeals(await prepared('', [{ ...square, Rect: [390, 380, 500, 420] }]), await stampPdf(), middle)).resolves.not.toBeNull();

    doc = await prepared('', [
      { Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 612, 792], Border: [0, 0, 0] },
      { ...square, F: 2 },
      { ...square, F: 32 },
      { ...square, Rect: [0, 600, 612, 700] },
      { ...square, Rect: [306, 396, 306, 396] },
    ]);
    await placeSeals(doc, await stampPdf(), middle);
    expect(darkAtStamp(await doc.save())).toBeGreaterThan(3000);
  });

  it('counts a link or popup that has an appearance, and flags neither viewer reads as Hidden, as covering (probe C)', async () => {
    /** The prepared page with one annotation whose appearance is a white box over the lower half. */
    const withAppearance = async (annot: Annotation) => {
      const doc = await prepared('');
      const { context } = doc;
      const box = context.register(context.stream('1 1 1 rg 0 0 612 400 re f', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 612, 400] }));
      const ref = context.register(context.obj({ ...annot, AP: { N: box } }));
      doc.getPage(0).node.set(PDFName.of('Annots'), context.obj([ref]));
      return doc;
    };
    const cover = { Type: 'Annot', Rect: [0, 0, 612, 400], F: 4 };
    await expect(placeSeals(await withAppearance({ ...cover, Subtype: 'Link', Border: [0, 0, 0] }), await stampPdf(), middle)).rejects.toThrow(
      'An annotation (Link) covers the place of the seal on page 1',
    );
    await expect(placeSeals(await withAppearance({ ...cover, Subtype: 'Popup' }), await stampPdf(), middle)).rejects.toThrow('An annotation (Popup) covers');
    // pdf.js reads a negative value as no flags, poppler one past 32 bits: both draw the annotation.
    for (const F of [-1, 4294967298, 2.5]) {
      await expect(placeSeals(await withAppearance({ ...cover, Subtype: 'Square', F }), await stampPdf(), middle), `F ${F}`).rejects.toThrow('An annotation (Square)');
    }
  });
});

describe('placeSeals against the re-probe (probe D)', () => {
  it('reads every form the page’s resources hold, also one drawn by a name written with a lower-case escape', async () => {
    // pdf.js reads "/F#6d0 Do" as /Fm0; the check looked /F#6d0 up as written and found nothing.
    const doc = await prepared('/F#6d0 Do');
    const { context } = doc;
    const leaking = context.register(context.stream('/OC /oc1 BDC 0 0 1 1 re f', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 612, 792] }));
    (doc.getPage(0).node.lookup(PDFName.of('Resources')) as PDFDict).set(PDFName.of('XObject'), context.obj({ Fm0: leaking }));
    await expect(placeSeals(doc, await stampPdf(), middle)).rejects.toThrow(/^Page 1's content has a form \(\/Fm0\) that leaves a marked-content sequence \(a layer\) open, which could hide the seal/);
  });

  it('counts a link without an appearance whose border is wider than a point (poppler strokes it)', async () => {
    const link = { Type: 'Annot', Subtype: 'Link', Rect: [250, 250, 400, 400], C: [1, 1, 1] };
    await expect(placeSeals(await prepared('', [{ ...link, Border: [0, 0, 230] }]), await stampPdf(), middle)).rejects.toThrow('An annotation (Link) covers');
    await expect(placeSeals(await prepared('', [{ ...link, BS: { W: 40 } }]), await stampPdf(), middle)).rejects.toThrow('An annotation (Link) covers');
    for (const thin of [{}, { Border: [0, 0, 1] }, { Border: [0, 0, 0] }, { BS: { W: 0 } }]) {
      const doc = await prepared('', [{ ...link, ...thin }]);
      await placeSeals(doc, await stampPdf(), middle);
      expect(darkAtStamp(await doc.save()), JSON.stringify(thin)).toBeGreaterThan(3000);
    }
  });
});

describe('placeSeals on the part of the page viewers show (probe C)', () => {
  /** A letter page with the given boxes, read back as an upload. */
  const boxed = async (boxes: { MediaBox?: number[]; CropBox?: number[] }) => {
    const doc = await prepared('');
    for (const [name, box] of Object.entries(boxes)) doc.getPage(0).node.set(PDFName.of(name), doc.context.obj(box));
    return PDFDocument.load(await doc.save());
  };

  it('places the seal within the crop box cut down to the media box, whatever order its corners are in', async () => {
    for (const boxes of [
      { CropBox: [0, 0, 1224, 1584] },
      { CropBox: [-612, -792, 1224, 1584] },
      { MediaBox: [612, 792, 0, 0] },
      { CropBox: [612, 792, 0, 0] },
      { CropBox: [2000, 2000, 3000, 3000] },
    ]) {
      const doc = await boxed(boxes);
      await placeSeals(doc, await stampPdf(), middle);
      expect(darkAtStamp(await doc.save()), JSON.stringify(boxes)).toBeGreaterThan(3000);
    }
  });

  it('refuses a page whose media box has no area', async () => {
    await expect(placeSeals(await boxed({ MediaBox: [0, 0, 0, 792], CropBox: [0, 0, 0, 792] }), await stampPdf(), middle)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Page 1 shows nothing: its MediaBox has no area',
    });
  });
});
