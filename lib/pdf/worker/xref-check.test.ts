/**
 * The xref check (xref-check.mjs, run by inspect-pdf.mjs): files crafted byte by byte so that
 * pdf-lib, which keeps the last definition of an object, and readers, which follow the
 * cross-reference table, would disagree, are refused at upload and at sealing; files where
 * they agree (pdf-lib's own output, object streams, incremental updates, a BOM before the
 * header, linearized) pass. And hasSignatures (sign-pdf.mjs) counts only a field whose value
 * could be a signature, so a fake one no longer sends a file down the incremental path.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFRef, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectPdf, loadListingActiveContent, loadWithinLimits } from './inspect-pdf.mjs';
import { PdfFailure } from './pdf-failure.mjs';
import { sealPdf } from './seal-pdf.mjs';
import { addSignatureField, hasSignatures } from './sign-pdf.mjs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-xref-check-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A PDF written piece by piece, each definition's offset noted, so a test chooses what its xref lists. */
class RawPdf {
  private parts: string[] = [];
  length = 0;
  constructor(prefix = '') {
    this.write(`${prefix}%PDF-1.7\n%\xe2\xe3\xcf\xd3\n`);
  }
  write(text: string): number {
    const at = this.length;
    this.parts.push(text);
    this.length += Buffer.byteLength(text, 'latin1');
    return at;
  }
  /** Writes `n 0 obj … endobj`; answers the offset of its header. */
  obj(n: number, body: string): number {
    return this.write(`${n} 0 obj\n${body}\nendobj\n`);
  }
  /** A classic xref section listing `entries` (number → offset), with its trailer and startxref. */
  xref(entries: Map<number, number>, trailer: string): number {
    const at = this.length;
    const numbers = [...entries.keys()].sort((a, b) => a - b);
    let table = 'xref\n';
    for (let i = 0; i < numbers.length;) {
      let j = i;
      while (j + 1 < numbers.length && numbers[j + 1] === numbers[j] + 1) j++;
      table += `${numbers[i]} ${j - i + 1}\n`;
      for (let k = i; k <= j; k++) {
        const offset = entries.get(numbers[k])!;
        table += offset < 0 ? `0000000000 65535 f\r\n` : `${String(offset).padStart(10, '0')} 00000 n\r\n`;
      }
      i = j + 1;
    }
    this.write(`${table}trailer\n<< ${trailer} >>\nstartxref\n${at - this.headerAt()}\n%%EOF\n`);
    return at;
  }
  /** Offsets in an xref count from the header (a prefix before it is not counted). */
  headerAt(): number {
    return this.parts.join('').indexOf('%PDF-');
  }
  bytes(): Uint8Array {
    return new Uint8Array(Buffer.from(this.parts.join(''), 'latin1'));
  }
}

const stream = (text: string) => `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
const page = (words: string) => stream(`BT /F1 24 Tf 72 700 Td (${words}) Tj ET`);

/** Objects 1–5 of a one-page drawing (catalog, pages, page, content 4, font); answers their offsets, the header's counted as 0. */
function drawing(pdf: RawPdf, words: string, catalogExtra = '', content = page(words)): Map<number, number> {
  const base = pdf.headerAt();
  const at = new Map<number, number>([[0, -1]]);
  at.set(1, pdf.obj(1, `<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`) - base);
  at.set(2, pdf.obj(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>') - base);
  at.set(3, pdf.obj(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>') - base);
  at.set(4, pdf.obj(4, content) - base);
  at.set(5, pdf.obj(5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>') - base);
  return at;
}

/** Whether pdf-lib's page 1 content says `words` (what a rewrite would keep). */
async function pdfLibShows(bytes: Uint8Array, words: string): Promise<boolean> {
  const read = await loadListingActiveContent(bytes);
  if (!read.ok) throw new Error(read.message);
  const contents = read.pdf.getPage(0).node.Contents();
  const text = contents ? Buffer.from((contents as unknown as { contents: Uint8Array }).contents).toString('latin1') : '';
  return text.includes(words);
}

/** qpdf's verdict on a file: its exit status (0 clean, 3 warnings) and output. */
function qpdfCheck(bytes: Uint8Array): { status: number; output: string } {
  const file = path.join(tmp, `${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return { status: 0, output: execFileSync('qpdf', ['--check', file], { encoding: 'utf8' }) };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { status: e.status, output: `${e.stdout}${e.stderr}` };
  }
}

async function expectRefused(bytes: Uint8Array, words: RegExp) {
  const read = await inspectPdf(bytes);
  expect(read).toMatchObject({ ok: false, unsafe: true });
  expect((read as { message: string }).message).toMatch(words);
  await expect(loadWithinLimits(bytes)).rejects.toMatchObject({ unsafe: true, message: expect.stringMatching(words) });
  expect(await loadListingActiveContent(bytes)).toMatchObject({ ok: false, unsafe: true });
}

/** Accepted, with every object pdf-lib read kept but `dropped` (ones no xref entry reaches). */
async function expectAccepted(bytes: Uint8Array, pageCount = 1, dropped = 0) {
  expect(await inspectPdf(bytes)).toEqual({ ok: true, encrypted: false, pageCount, activeContent: [] });
  const { pdf } = await loadWithinLimits(bytes);
  expect(pdf.getPageCount()).toBe(pageCount);
  const unchecked = await PDFDocument.load(bytes, { updateMetadata: false });
  expect(pdf.context.enumerateIndirectObjects().length).toBe(unchecked.context.enumerateIndirectObjects().length - dropped);
}

const TRAILER = '/Size 6 /Root 1 0 R';

describe('the xref check', () => {
  it('refuses a content stream defined twice when the xref lists the first (readers show A, pdf-lib would seal B)', async () => {
    const pdf = new RawPdf();
    const xref = drawing(pdf, 'REV A: 10 mm bolts');
    pdf.obj(4, page('REV B: 4 mm bolts'));
    pdf.xref(xref, TRAILER);
    const bytes = pdf.bytes();
    expect(qpdfCheck(bytes).status).toBe(0); // qpdf, following the xref, sees nothing wrong
    await expectRefused(bytes, /defines object 4 more than once, and readers would show a different version/);
  });

  it('accepts the same file when the xref lists the last definition: readers and pdf-lib agree', async () => {
    const pdf = new RawPdf();
    const xref = drawing(pdf, 'REV A: 10 mm bolts');
    xref.set(4, pdf.obj(4, page('REV B: 4 mm bolts')));
    pdf.xref(xref, TRAILER);
    await expectAccepted(pdf.bytes());
    expect(await pdfLibShows(pdf.bytes(), 'REV B')).toBe(true);
  });

  it('refuses an incremental update that redefines object 4 without listing it in its xref section', async () => {
    const pdf = new RawPdf();
    const xref = drawing(pdf, 'REV A');
    const first = pdf.xref(xref, TRAILER);
    pdf.obj(4, page('REV B'));
    const catalog = pdf.obj(1, '<< /Type /Catalog /Pages 2 0 R /Lang (en) >>');
    pdf.xref(new Map([[1, catalog]]), `${TRAILER} /Prev ${first}`);
    await expectRefused(pdf.bytes(), /defines object 4 more than once/);
  });

  it('refuses an xref entry that points into another stream’s data, where a hidden object 4 sits', async () => {
    const pdf = new RawPdf();
    const xref = drawing(pdf, 'what pdf-lib reads');
    // Object 6 is a stream whose data holds a whole "4 0 obj": pdf-lib reads it as data only.
    const hidden = `4 0 obj\n${page('what readers would show')}\nendobj`;
    const six = pdf.obj(6, stream(hidden));
    xref.set(6, six);
    xref.set(4, six + `6 0 obj\n<< /Length ${hidden.length} >>\nstream\n`.length);
    pdf.xref(xref, '/Size 7 /Root 1 0 R');
    const bytes = pdf.bytes();
    expect(Buffer.from(bytes).toString('latin1', xref.get(4)!, xref.get(4)! + 8)).toBe('4 0 obj\n');
    await expectRefused(bytes, /cross-reference table is damaged \(its entry for object 4 does not point at that object\)/);
  });

  it('refuses an xref entry that lands on another object', async () => {
    const pdf = new RawPdf();
    const xref = drawing(pdf, 'words');
    xref.set(5, xref.get(4)!);
    pdf.xref(xref, TRAILER);
    await expectRefused(pdf.bytes(), /cross-reference table is damaged/);
  });

  it('refuses a file whose last trailer in the file names another catalog than the one the xref’s trailer names', async () => {
    const pdf = new RawPdf();
    const xref = drawing(pdf, 'words');
    xref.set(6, pdf.obj(6, '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /GoTo /D [3 0 R /Fit] >> >>'));
    const at = pdf.xref(xref, '/Size 7 /Root 1 0 R');
    // A stray trailer after startxref: pdf-lib takes its /Root, readers never see it.
    pdf.write(`trailer\n<< /Size 7 /Root 6 0 R >>\nstartxref\n${at}\n%%EOF\n`);
    await expectRefused(pdf.bytes(), /trailers name different catalogs/);
  });

  it('accepts a normal incremental update, and one that frees an object (then gone from pdf-lib’s view too)', async () => {
    const pdf = new RawPdf();
    const xref = drawing(pdf, 'REV A');
    xref.set(6, pdf.obj(6, '<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] /Contents (old note) >>'));
    const first = pdf.xref(xref, '/Size 7 /Root 1 0 R');
    const update = new Map([
      [4, pdf.obj(4, page('REV B'))],
      [6, -1],
    ]);
    pdf.xref(update, `/Size 7 /Root 1 0 R /Prev ${first}`);
    const bytes = pdf.bytes();
    expect(qpdfCheck(bytes).status).toBe(0);
    await expectAccepted(bytes, 1, 1);
    expect(await pdfLibShows(bytes, 'REV B')).toBe(true);
    const read = await loadListingActiveContent(bytes);
    expect(read.ok && read.pdf.context.lookup(PDFRef.of(6))).toBeUndefined();
  });

  it('accepts pdf-lib’s own output, with and without object streams, and after qpdf linearized it', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 30; i++) doc.addPage([612, 792]).drawText(`Sheet ${i + 1}`, { x: 72, y: 700, size: 12, font, color: rgb(0, 0, 0) });
    const plain = await doc.save({ useObjectStreams: false });
    const packed = await doc.save({ useObjectStreams: true });
    expect(Buffer.from(packed).includes('/Type /XRef')).toBe(true);
    expect(Buffer.from(packed).includes('/Type /ObjStm')).toBe(true);
    await expectAccepted(plain, 30);
    await expectAccepted(packed, 30);
    for (const [name, bytes, args] of [
      ['linearized', plain, ['--linearize']],
      ['linearized with object streams', packed, ['--linearize', '--object-streams=generate']],
      ['xref stream with PNG predictor', plain, ['--object-streams=generate', '--compress-streams=y']],
    ] as const) {
      const inFile = path.join(tmp, `${name}-in.pdf`);
      const outFile = path.join(tmp, `${name}-out.pdf`);
      fs.writeFileSync(inFile, bytes);
      execFileSync('qpdf', [...args, inFile, outFile]);
      const out = new Uint8Array(fs.readFileSync(outFile));
      expect(qpdfCheck(out).status, name).toBe(0);
      if (name.startsWith('linearized')) expect(Buffer.from(out).includes('/Linearized'), name).toBe(true);
      else expect(Buffer.from(out).includes('/Predictor 12'), name).toBe(true);
      await expectAccepted(out, 30);
    }
  });

  it('accepts a file with a UTF-8 BOM or junk before %PDF- (offsets count from the header, as pdf.js and qpdf count them)', async () => {
    for (const prefix of ['\xef\xbb\xbf', 'X-Mailer junk line\r\n']) {
      const pdf = new RawPdf(prefix);
      const xref = drawing(pdf, 'words');
      pdf.xref(xref, TRAILER);
      const bytes = pdf.bytes();
      expect(qpdfCheck(bytes).output).not.toMatch(/reconstruct|damaged/i);
      await expectAccepted(bytes);
    }
  });

  it('accepts a hybrid file (a classic table whose /XRefStm lists objects in an object stream)', async () => {
    const pdf = new RawPdf();
    const xref = drawing(pdf, 'words');
    xref.delete(5);
    // Object 5 (the font) moves into object stream 6, listed by the xref stream 7.
    const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
    const head = '5 0 ';
    xref.set(6, pdf.obj(6, `<< /Type /ObjStm /N 1 /First ${head.length} /Length ${head.length + font.length} >>\nstream\n${head}${font}\nendstream`));
    const rows = [
      [2, 6, 0], // 5: in stream 6, index 0
    ];
    const data = Buffer.from(rows.flatMap(([t, a, b]) => [t, (a >> 8) & 0xff, a & 0xff, b]));
    const seven = pdf.length;
    pdf.obj(7, `<< /Type /XRef /Size 8 /W [1 2 1] /Index [5 1] /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`);
    xref.set(7, seven);
    pdf.xref(xref, `/Size 8 /Root 1 0 R /XRefStm ${seven}`);
    const bytes = pdf.bytes();
    expect(qpdfCheck(bytes).status).toBe(0);
    await expectAccepted(bytes);
  });
});

describe('the stream length check', () => {
  const TEXT = 'BT /F1 24 Tf 72 700 Td (Plan sheet S-101) Tj ET';
  // The probe's page: after a comment that reads "endstream", what readers run and pdf-lib never sees.
  const TRAP = `${TEXT}\n%endstream\nQ Q 0 0 1 1 re W n`;

  /** The one-page drawing whose content (object 4) is `data` with `length` for its /Length, and object 6 `six` when given. */
  function contentFile(data: string, length: string, six?: string): Uint8Array {
    const pdf = new RawPdf();
    const xref = drawing(pdf, '', '', `<< /Length ${length} >>\nstream\n${data}\nendstream`);
    if (six !== undefined) xref.set(6, pdf.obj(6, six));
    pdf.xref(xref, `/Size ${six === undefined ? 6 : 7} /Root 1 0 R`);
    return pdf.bytes();
  }

  /** Object 4's data as qpdf (which follows /Length, as pdf.js and poppler do) reads it. */
  function qpdfStream(bytes: Uint8Array): string {
    const file = path.join(tmp, `${crypto.randomUUID()}.pdf`);
    fs.writeFileSync(file, bytes);
    return execFileSync('qpdf', ['--show-object=4', '--filtered-stream-data', file], { encoding: 'latin1' });
  }

  it('refuses a content stream whose indirect /Length runs past a "%endstream" comment where pdf-lib stops (readers run the rest)', async () => {
    const bytes = contentFile(TRAP, '6 0 R', String(TRAP.length));
    expect(qpdfStream(bytes)).toContain('Q Q 0 0 1 1 re W n');
    const unchecked = await PDFDocument.load(bytes, { updateMetadata: false });
    const read = unchecked.context.lookup(PDFRef.of(4)) as unknown as { contents: Uint8Array };
    expect(Buffer.from(read.contents).toString('latin1')).not.toContain('Q Q');
    const words = /^its stream in object 4 ends in one place by its \/Length, where readers end it, and in another where Sealwright reads it/;
    await expectRefused(bytes, words);
    // pdfValidate names it among the file's issues instead.
    await expect(loadWithinLimits(bytes, { reportXrefMismatch: true })).resolves.toMatchObject({ pageCount: 1, xrefMismatch: expect.stringMatching(words) });
    await expect(sealPdf(bytes, await sealOptions())).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(/^The PDF is not readable: its stream in object 4 ends/) });
  });

  it('accepts an indirect /Length that is right, one that counts the line end before endstream, and one that leads nowhere (all read on to the first endstream)', async () => {
    for (const length of [TEXT.length, TEXT.length + 1, 3]) {
      const bytes = contentFile(TEXT, '6 0 R', String(length));
      await expectAccepted(bytes);
      expect(await pdfLibShows(bytes, 'Plan sheet S-101')).toBe(true);
    }
    // A /Length that leads nowhere past a "%endstream" comment: readers search for the keyword too.
    await expectAccepted(contentFile(TRAP, '6 0 R', '3'));
  });

  it('accepts a direct /Length past a "%endstream" comment: pdf-lib follows it as readers do', async () => {
    const bytes = contentFile(TRAP, String(TRAP.length));
    await expectAccepted(bytes);
    expect(await pdfLibShows(bytes, 'Q Q 0 0 1 1 re W n')).toBe(true);
  });

  it('accepts qpdf’s output with indirect lengths (QDF) and with object streams', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 3; i++) doc.addPage([612, 792]).drawText(`Sheet ${i + 1}`, { x: 72, y: 700, size: 12, font });
    const inFile = path.join(tmp, 'lengths-in.pdf');
    fs.writeFileSync(inFile, await doc.save({ useObjectStreams: false }));
    for (const args of [['--qdf'], ['--object-streams=generate'], ['--qdf', '--object-streams=generate']]) {
      const outFile = path.join(tmp, `lengths-${args.join('')}.pdf`);
      execFileSync('qpdf', [...args, inFile, outFile]);
      const out = new Uint8Array(fs.readFileSync(outFile));
      if (args[0] === '--qdf') expect(Buffer.from(out).toString('latin1')).toMatch(/\/Length \d+ 0 R/);
      await expectAccepted(out, 3);
    }
  });
});

/** A one-page stamp for sealPdf. */
async function stampPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawCircle({ x: 100, y: 100, size: 96, color: rgb(0, 0, 0) });
  return pdf.save();
}

const sealOptions = async () => ({
  stampPdf: await stampPdf(),
  pages: [0],
  positionX: 0.5,
  positionY: 0.3,
  size: 144,
  footer: 'Sealed by Ann Lee',
  verificationCode: 'abcdefghijkl',
  verificationUrl: 'https://sealwright.example/verify/abcdefghijkl',
  sealedAt: new Date('2026-01-05T12:00:00Z'),
});

/** A fake signature field: /FT /Sig with a value that signs nothing. */
const FAKE_SIG = '/AcroForm << /Fields [8 0 R] >>';
const fakeSigField = (pdf: RawPdf, xref: Map<number, number>, value: string) =>
  xref.set(8, pdf.obj(8, `<< /FT /Sig /T (Approval) /V ${value} /Rect [0 0 0 0] /Subtype /Widget /P 3 0 R >>`) - pdf.headerAt());

describe('the name check (probe D)', () => {
  /** The drawing with one more entry in its catalog, a name written `name`. */
  function withName(name: string): Uint8Array {
    const pdf = new RawPdf();
    const xref = drawing(pdf, 'Plan sheet', `/PieceInfo << ${name} 1 >>`);
    pdf.xref(xref, '/Size 6 /Root 1 0 R');
    return pdf.bytes();
  }

  it('refuses a name with a lower-case #xx escape, which pdf-lib reads as written and readers decode', async () => {
    const words = /^it writes a name \(\/CharPr#6fcs\) with a lower-case escape that Sealwright reads differently from PDF readers/;
    await expectRefused(withName('/CharPr#6fcs'), words);
    await expectRefused(withName('/S#4dask'), /^it writes a name \(\/S#4dask\)/);
  });

  it('accepts escapes pdf-lib decodes as readers do: upper case, digits only', async () => {
    for (const name of ['/CharPr#6Fcs', '/A#20B', '/Plain']) {
      expect(await inspectPdf(withName(name)), name).toMatchObject({ ok: true });
    }
  });
});

describe('sealing a crafted file', () => {
  it('refuses the JavaScript smuggling file: its OpenAction target is JavaScript in the xref, harmless in pdf-lib, behind a fake signature', async () => {
    const pdf = new RawPdf();
    const xref = drawing(pdf, 'drawing', `/OpenAction 7 0 R ${FAKE_SIG}`);
    xref.set(7, pdf.obj(7, "<< /S /JavaScript /JS (app.alert\\('JavaScript inside a sealed PDF'\\)) >>"));
    fakeSigField(pdf, xref, '<< /Type /Sig /Filter /Adobe.PPKLite /ByteRange [0 0 0 0] /Contents <> >>');
    pdf.obj(7, '<< /S /GoTo /D [3 0 R /Fit] >>');
    pdf.xref(xref, '/Size 9 /Root 1 0 R');
    const bytes = pdf.bytes();

    const sealing = sealPdf(bytes, await sealOptions());
    await expect(sealing).rejects.toBeInstanceOf(PdfFailure);
    await expect(sealing).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(/defines object 7 more than once/) });
    expect(await inspectPdf(bytes)).toMatchObject({ ok: false, unsafe: true });
  });

  it('takes a fake signature field for no signature: the file is rewritten, and its JavaScript refused', async () => {
    const pdf = new RawPdf();
    const xref = drawing(pdf, 'drawing', `/OpenAction 7 0 R ${FAKE_SIG}`);
    xref.set(7, pdf.obj(7, '<< /S /JavaScript /JS (app.alert\\(1\\)) >>'));
    fakeSigField(pdf, xref, '<< /Type /Sig /ByteRange [0 10 20 30] /Contents <00> >>');
    pdf.xref(xref, '/Size 9 /Root 1 0 R');
    const bytes = pdf.bytes();
    const doc = await PDFDocument.load(bytes);
    expect(hasSignatures(doc, bytes)).toBe(false);
    await expect(sealPdf(bytes, await sealOptions())).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: expect.stringMatching(/JavaScript in \/OpenAction/) });
  });

  it('seals a file with a fake signature field by rewriting it, and qpdf finds the result clean', async () => {
    const pdf = new RawPdf();
    const xref = drawing(pdf, 'drawing', FAKE_SIG);
    fakeSigField(pdf, xref, '(anything)');
    pdf.xref(xref, '/Size 9 /Root 1 0 R');
    const bytes = pdf.bytes();
    const sealed = await sealPdf(bytes, await sealOptions());
    // A rewrite starts afresh: the original bytes are not kept in front of the seal.
    expect(Buffer.from(sealed).subarray(0, bytes.length).equals(Buffer.from(bytes))).toBe(false);
    expect(qpdfCheck(sealed).status).toBe(0);
    await expectAccepted(sealed);
  });
});

describe('hasSignatures', () => {
  /** A pdf-lib document with a signature field whose placeholder gets `range` (by default the real one) and the bytes saved. */
  async function signedLooking(range?: (start: number, end: number, length: number) => string) {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    addSignatureField(doc, { page: doc.getPage(0), rect: null, certify: false, fieldName: 'Seal x', signerName: 'Bo', reason: 'test', signingTime: new Date() });
    const saved = Buffer.from(await doc.save({ useObjectStreams: false }));
    const text = saved.toString('latin1');
    const start = text.lastIndexOf('<0000');
    const end = text.indexOf('>', start) + 1;
    const match = /\/ByteRange\s*\[[^\]]*\]/.exec(text)!;
    const written = (range ?? ((s, e, l) => `/ByteRange [0 ${s} ${e} ${l - e}]`))(start, end, saved.length);
    saved.write(written.padEnd(match[0].length, ' '), match.index, 'latin1');
    const bytes = new Uint8Array(saved);
    return { doc: await PDFDocument.load(bytes), bytes };
  }

  it('counts a field whose ByteRange covers the file around a /Contents string that fills the gap', async () => {
    const { doc, bytes } = await signedLooking();
    expect(hasSignatures(doc, bytes)).toBe(true);
  });

  it('counts no field whose ByteRange does not fit: wrong gap, past the file, not ending at %%EOF, not starting at 0', async () => {
    for (const range of [
      (s: number, e: number, l: number) => `/ByteRange [0 ${s} ${e + 1} ${l - e - 1}]`,
      (s: number, e: number, l: number) => `/ByteRange [0 ${s} ${e} ${l - e + 5}]`,
      (s: number, e: number, l: number) => `/ByteRange [0 ${s} ${e} ${l - e - 20}]`,
      (s: number, e: number, l: number) => `/ByteRange [1 ${s} ${e} ${l - e}]`,
      () => '/ByteRange [0 0 0 0]',
    ]) {
      const { doc, bytes } = await signedLooking(range);
      expect(hasSignatures(doc, bytes)).toBe(false);
    }
  });

  it('counts no field whose value is not a signature dictionary', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    const field = doc.context.obj({ FT: 'Sig', T: 'x', V: doc.context.obj({ Type: 'Sig' }) });
    doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [doc.context.register(field)] }));
    const bytes = await doc.save();
    expect(hasSignatures(await PDFDocument.load(bytes), bytes)).toBe(false);
  });
});
