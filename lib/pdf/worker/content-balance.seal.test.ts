/**
 * Sealing pages whose resources run content of their own (probe C): a Type 3 font's glyph, the
 * group of a soft mask a graphics state sets, a tiling pattern's cell. One that leaves a layer
 * open hides whatever the page draws after it, the seal too, in poppler as in pdf.js; the files
 * are built byte by byte as the probe built them, shown to hide a box drawn where the seal goes
 * (poppler, pdftoppm), and refused. Their balanced twins seal, and poppler shows the stamp.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, rgb } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { placeSeals } from './place-seal.mjs';
import { sealPdf } from './seal-pdf.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-content-resources-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A stream object's body. */
const stream = (data: string, dict = '') => `<< /Length ${Buffer.byteLength(data, 'latin1')} ${dict} >>\nstream\n${data}\nendstream`;

/** A PDF of the numbered objects' bodies, with a correct xref (mkpdf.py build). */
function rawPdf(objects: Record<number, string>): Uint8Array {
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets = new Map<number, number>();
  const numbers = Object.keys(objects)
    .map(Number)
    .sort((a, b) => a - b);
  for (const n of numbers) {
    offsets.set(n, Buffer.byteLength(out, 'latin1'));
    out += `${n} 0 obj\n${objects[n]}\nendobj\n`;
  }
  const size = numbers[numbers.length - 1] + 1;
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let n = 1; n < size; n++) out += offsets.has(n) ? `${String(offsets.get(n)).padStart(10, '0')} 00000 n \n` : '0000000000 65535 f \n';
  out += `trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

const BODY = 'BT /F1 24 Tf 72 700 Td (Plan sheet S-101) Tj ET\n';
/** A black box where the seal goes (the middle of the page), drawn as placeSeals draws the seal: after the page's content wrapped in q … Q. */
const BOX = 'q 0 g 206 296 200 200 re f Q\n';

/**
 * A letter page in a document with one layer, /P0, that is off: its content shows `trigger`
 * after a line of text; `resources` go into its resources beside /F1 (Helvetica) and the layer;
 * `objects` are the others (numbered from 6). With `box`, the page ends by drawing BOX the
 * sealer's way.
 */
function page(trigger: string, resources: string, objects: Record<number, string>, { box = false, fonts = '' } = {}): Uint8Array {
  return rawPdf({
    1: '<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [10 0 R] /D << /OFF [10 0 R] /Order [10 0 R] >> >> >>',
    2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    3: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R ${fonts} >> /Properties << /P0 10 0 R >> ${resources} >> /Contents ${box ? '[20 0 R 5 0 R 21 0 R 22 0 R]' : '5 0 R'} >>`,
    4: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    5: stream(`${BODY}${trigger}`),
    10: '<< /Type /OCG /Name (Layer) >>',
    ...objects,
    ...(box ? ({ 20: stream('q\n'), 21: stream('Q\n'), 22: stream(BOX) } as Record<number, string>) : {}),
  });
}

/** The layer's properties, for resources of a glyph, group or pattern. */
const LAYER = '/Properties << /P0 10 0 R >>';

/** A page showing one glyph, /a, of the Type 3 font /T3, whose procedure is `glyph` (after d0); `fontResources` are the font's own. */
const type3 =
  (glyph: string, fontResources = `<< ${LAYER} >>`, objects: Record<number, string> = {}) =>
  (box: boolean) =>
    page(
      'BT /T3 10 Tf 20 20 Td (a) Tj ET\n',
      '',
      {
        6:
          '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a 7 0 R >> ' +
          `/Encoding << /Type /Encoding /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1000] ${fontResources ? `/Resources ${fontResources}` : ''} >>`,
        7: stream(`1000 0 d0\n${glyph}`),
        ...objects,
      },
      { box, fonts: '/T3 6 0 R' },
    );

/** A page that fills a small square under the graphics state /GS0, whose soft mask's group is `group`. */
const softMask = (group: string) => (box: boolean) =>
  page(
    'q /GS0 gs 0 0 1 1 re f Q\n',
    '/ExtGState << /GS0 6 0 R >>',
    {
      6: '<< /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G 7 0 R >> >>',
      7: stream(group, `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Group << /S /Transparency /CS /DeviceRGB >> /Resources << ${LAYER} >>`),
    },
    { box },
  );

/** A page that fills a square with the tiling pattern /Pa, whose cell is `cell`. */
const tiling = (cell: string) => (box: boolean) =>
  page(
    'q /Pattern cs /Pa scn 0 0 50 50 re f Q\n',
    '/Pattern << /Pa 6 0 R >>',
    {
      6: stream(cell, `/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources << ${LAYER} >>`),
    },
    { box },
  );

/** Grey pixels of page 1 (pdftoppm). */
function render(bytes: Uint8Array, dpi: number): { width: number; height: number; pixels: Buffer } {
  const file = path.join(tmp, `${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  const out = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-singlefile', '-f', '1', '-l', '1', file, out]);
  const pgm = fs.readFileSync(`${out}.pgm`);
  const [header, width, height] = pgm.toString('latin1', 0, 40).match(/^P5\s+(\d+)\s+(\d+)\s+255\s/)!;
  return { width: Number(width), height: Number(height), pixels: pgm.subarray(header.length) };
}

/** Dark pixels (poppler, 50 dpi) in the square of 80 pixels around the middle of page 1: the stamp's disc, or BOX. */
function darkInMiddle(bytes: Uint8Array): number {
  const { width, height, pixels } = render(bytes, 50);
  let dark = 0;
  for (let y = Math.floor(height / 2) - 40; y < Math.floor(height / 2) + 40; y++) {
    for (let x = Math.floor(width / 2) - 40; x < Math.floor(width / 2) + 40; x++) if (pixels[y * width + x] < 128) dark++;
  }
  return dark;
}

/** A one-page stamp: a filled disc. */
async function stampPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawCircle({ x: 100, y: 100, size: 96, color: rgb(0, 0, 0) });
  return pdf.save();
}

/** The stamp at the middle of page 1. */
const middle = { pages: [0], positionX: 0.5, positionY: 0.5, size: 144, footer: 'Sealed by Jordan Ellis', verificationUrl: 'https://sealwright.example/verify/abcdefghijkl' };

/** The page sealed, or placeSeals' refusal. */
async function seal(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  await placeSeals(doc, await stampPdf(), middle);
  return doc.save({ useObjectStreams: false });
}

const OPEN_LAYER = '/OC /P0 BDC 0 0 1000 1000 re f\n';

describe('placeSeals on a page whose resources run content that leaves a layer open (probe C)', () => {
  it.each([
    [
      'a Type 3 glyph',
      type3(OPEN_LAYER),
      /^Page 1's content has a Type 3 font \(\/T3\) with a glyph \(\/a\) that leaves a marked-content sequence \(a layer\) open, which could hide the seal: open the PDF/,
    ],
    [
      'a soft mask group',
      softMask('/OC /P0 BDC 1 1 1 rg 0 0 612 792 re f\n'),
      /^Page 1's content has a graphics state \(\/GS0\) with a soft mask that leaves a marked-content sequence \(a layer\) open/,
    ],
  ])('refuses the probe’s page with %s that hides a box drawn after it in poppler', async (_, file, message) => {
    // The file as the probe made it hides what the sealer would draw: a box the seal's way stays white.
    expect(darkInMiddle(file(true))).toBe(0);
    const refusal = seal(file(false));
    await expect(refusal).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(refusal).rejects.toThrow(message);
  });

  it.each([
    ['an extra Q in a glyph', type3('Q Q 0 0 0 0 re W n\n'), /has a Type 3 font \(\/T3\) with a glyph \(\/a\) that restores a graphics state it never saved/],
    ['an extra EMC in a glyph', type3('EMC\n'), /with a glyph \(\/a\) that ends a marked-content sequence it never began/],
    ['a text object left open in a soft mask group', softMask('BT 3 Tr\n'), /has a graphics state \(\/GS0\) with a soft mask that leaves a text object open/],
    ['a layer left open in a tiling pattern', tiling(OPEN_LAYER), /has a pattern \(\/Pa\) that leaves a marked-content sequence \(a layer\) open/],
    ['a string never ended in a glyph', type3('(Q\n'), /has a Type 3 font \(\/T3\) with a glyph \(\/a\) that has a string it never ends, which could hide the seal/],
  ])('refuses a page with %s: whatever one leaves open, however little it hides in today’s readers', async (_, file, message) => {
    await expect(seal(file(false))).rejects.toThrow(message);
  });

  it('refuses a glyph that draws a form from its font’s resources that leaves the layer open', async () => {
    const file = type3('/X Do\n', `<< ${LAYER} /XObject << /X 8 0 R >> >>`, { 8: stream(OPEN_LAYER, '/Type /XObject /Subtype /Form /BBox [0 0 1000 1000]') });
    // Poppler keeps a form's layer inside the form; pdf.js lets it out (place-seal.mjs refuseLeakingForms).
    await expect(seal(file(false))).rejects.toThrow(/has a Type 3 font \(\/T3\) with a glyph \(\/a\) that draws a form \(\/X\) that leaves a marked-content sequence \(a layer\) open/);
  });

  it('refuses a glyph of a font without resources that draws a form from the page’s resources', async () => {
    // The glyph runs with the resources of the content showing it (the page's): its /X is the page's.
    const doc = await PDFDocument.load(type3('/X Do\n', '')(false));
    const { context } = doc;
    const form = context.register(context.stream(OPEN_LAYER, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1000, 1000] }));
    doc
      .getPage(0)
      .node.Resources()!
      .set(PDFName.of('XObject'), context.obj({ X: form }));
    await expect(placeSeals(doc, await stampPdf(), middle)).rejects.toThrow(/with a glyph \(\/a\) that draws a form \(\/X\) that leaves/);
  });

  it('refuses a Type 3 font in the resources of a form the page draws, one a graphics state sets, and one the page inherits', async () => {
    const glyphFont = (proc: number) =>
      `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a ${proc} 0 R >> /Encoding << /Type /Encoding /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1000] /Resources << ${LAYER} >> >>`;
    const inForm = page('/Fm Do\n', '/XObject << /Fm 8 0 R >>', {
      6: glyphFont(7),
      7: stream(`1000 0 d0\n${OPEN_LAYER}`),
      8: stream('BT /T3 10 Tf (a) Tj ET', '/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /T3 6 0 R >> >>'),
    });
    await expect(seal(inForm)).rejects.toThrow(/^Page 1 draws a form \(\/Fm\) whose content has a Type 3 font \(\/T3\) with a glyph \(\/a\) that leaves a marked-content sequence/);

    const bySetState = page('/GS1 gs BT 10 Tf (a) Tj ET\n', '/ExtGState << /GS1 << /Font [6 0 R 10] >> >>', { 6: glyphFont(7), 7: stream(`1000 0 d0\n${OPEN_LAYER}`) });
    await expect(seal(bySetState)).rejects.toThrow(/has a graphics state \(\/GS1\) setting a Type 3 font with a glyph \(\/a\) that leaves/);

    // The page has no resources of its own: it inherits the page tree node's.
    const inherited = rawPdf({
      1: '<< /Type /Catalog /Pages 2 0 R >>',
      2: `<< /Type /Pages /Kids [3 0 R] /Count 1 /Resources << /Font << /T3 6 0 R >> >> >>`,
      3: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >>',
      5: stream('BT /T3 10 Tf 20 20 Td (a) Tj ET\n'),
      6: glyphFont(7),
      7: stream(`1000 0 d0\n${OPEN_LAYER}`),
      10: '<< /Type /OCG /Name (Layer) >>',
    });
    await expect(seal(inherited)).rejects.toThrow(/^Page 1's content has a Type 3 font \(\/T3\) with a glyph/);
  });

  it('refuses through sealPdf with the words a user sees', async () => {
    await expect(sealPdf(type3(OPEN_LAYER)(false), { ...middle, stampPdf: await stampPdf(), verificationCode: 'abcdefghijkl', sealedAt: new Date('2026-01-05T12:00:00Z') })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringMatching(
        /^Page 1's content has a Type 3 font \(\/T3\) with a glyph \(\/a\) that leaves a marked-content sequence \(a layer\) open, which could hide the seal: open the PDF and save it again/,
      ),
    });
  });
});

describe('placeSeals on a page whose resources run balanced content', () => {
  it.each([
    ['a Type 3 glyph that closes its layer', type3('/OC /P0 BDC 0 0 1000 1000 re f EMC\n')],
    ['a Type 3 glyph of a font without resources', type3('q 0 0 1000 1000 re f Q\n', '')],
    ['a soft mask group that closes its layer', softMask('/OC /P0 BDC 1 1 1 rg 0 0 612 792 re f EMC\n')],
    ['a tiling pattern that closes its layer', tiling('/OC /P0 BDC 0 0 5 5 re f EMC\n')],
  ])('seals a page with %s, and poppler shows the stamp', async (_, file) => {
    // Without a seal, the box drawn after the page's content shows: nothing is left open.
    expect(darkInMiddle(file(true))).toBeGreaterThan(6000);
    expect(darkInMiddle(await seal(file(false)))).toBeGreaterThan(3000);
  });

  it('seals a page whose pattern, glyph and soft mask share the page’s resources dictionary (each walked once)', async () => {
    // One dictionary everywhere, as some producers write it: resources 9 name the pattern, whose
    // resources are 9 again, and a Type 3 font without resources of its own, whose glyph runs with 9.
    const file = rawPdf({
      1: '<< /Type /Catalog /Pages 2 0 R >>',
      2: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      3: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources 9 0 R /Contents 5 0 R >>',
      4: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      5: stream(`${BODY}q /Pattern cs /Pa scn 0 0 50 50 re f Q BT /T3 10 Tf 20 20 Td (a) Tj ET /GS0 gs\n`),
      6: '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a 7 0 R >> /Encoding << /Type /Encoding /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1000] >>',
      7: stream('1000 0 d0\nq 0 0 1000 1000 re f Q\n'),
      8: stream('q 0 0 5 5 re f Q', '/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources 9 0 R'),
      9: '<< /Font << /F1 4 0 R /T3 6 0 R >> /Pattern << /Pa 8 0 R >> /ExtGState << /GS0 << /SMask /None >> >> >>',
    });
    expect(darkInMiddle(await seal(file))).toBeGreaterThan(3000);
  });
});
