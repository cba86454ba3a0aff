/**
 * The ten PDF editing mutations over real GraphQL requests, each result read by tools that are
 * not ours: qpdf --check on every file written, pdfinfo for pages, sizes and rotation,
 * pdftotext for drawn and watermark text, pdftoppm pixels for what must show. Plus the form
 * fixture (text, checkbox, radio, dropdown) filled, then flattened, and the refusals: a SEALED
 * document, an archived or deleted one, the plan's document limit.
 */
import { degrees, PDFArray, PDFDict, PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSealOn, seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, uploaded } from '../../test/documents.ts';
import { gql } from '../../test/graphql.ts';
import { currentFile, pdfinfoPages, pdfMutation, pdftotext, pixel, qpdfClean, render, tool } from '../../test/pdf-tools.ts';
import { db } from '../db/index.ts';
import { configureRateLimit } from '../ratelimit/index.ts';

let user: SeededUser;
beforeAll(async () => {
  configureRateLimit('pdf', { disabled: true }); // the limit has its own test (hostile.integration.test.ts)
  user = await seedUser({ planLevel: 'PROFESSIONAL' });
});

async function documentOf(bytes: Uint8Array, name = 'Sheet set'): Promise<string> {
  return (await createDocumentVia(user.accessToken, { name, fileHash: await uploaded(bytes, 'set.pdf', user.accessToken) })).id;
}

/** A 3-page set: letter portrait, letter turned 90° (landscape as seen), A4; each page says its number. */
async function sheetSet(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const sizes: Array<[number, number]> = [
    [612, 792],
    [612, 792],
    [595.28, 841.89],
  ];
  sizes.forEach((size, i) => {
    const page = pdf.addPage(size);
    if (i === 1) page.setRotation(degrees(90));
    page.drawText(`Sheet A-${i + 1}`, { x: 72, y: 700, size: 14, font });
  });
  return pdf.save();
}

function expectWritten(bytes: Uint8Array) {
  expect(qpdfClean(bytes)).toBe(true);
}

describe('PDF edits, each checked by qpdf, pdfinfo, pdftotext and pdftoppm', () => {
  it('createPdf makes a new document of blank pages in the size asked', async () => {
    const res = await pdfMutation(user.accessToken, 'createPdf', { name: 'Blank A3', pageCount: 3, pageSize: 'A3' }, 'CreatePdfInput');
    expect(res.error).toBeUndefined();
    expect(res.result).toMatchObject({ pageCount: 3, document: { name: 'Blank A3', status: 'DRAFT', versionCount: 1 } });
    const { bytes } = await currentFile(res.result.document.id);
    expectWritten(bytes);
    const info = pdfinfoPages(bytes);
    expect(info.pages).toBe(3);
    expect(info.sizes[0]).toEqual({ width: 841.89, height: 1190.55, rotation: 0 });
    const letter = await pdfMutation(user.accessToken, 'createPdf', { name: 'Blank' }, 'CreatePdfInput');
    expect(pdfinfoPages((await currentFile(letter.result.document.id)).bytes).sizes).toEqual([{ width: 612, height: 792, rotation: 0 }]);
  });

  it('addPdfPage inserts a blank page where asked, of its neighbour\u2019s size or the size asked, as a new version', async () => {
    const id = await documentOf(await sheetSet());
    const res = await pdfMutation(user.accessToken, 'addPdfPage', { documentId: id, index: 3 }, 'AddPageInput');
    expect(res.error).toBeUndefined();
    expect(res.result).toMatchObject({ pageCount: 4, document: { id, versionCount: 2, currentVersion: { versionNumber: 2, notes: 'Added a blank page (page 3)' } } });
    let { bytes } = await currentFile(id);
    expectWritten(bytes);
    let info = pdfinfoPages(bytes);
    // Page 2 is seen landscape (letter turned 90°): its neighbour is 792 × 612 as seen, unrotated.
    expect(info.sizes.map((s) => [s.width, s.height, s.rotation])).toEqual([
      [612, 792, 0],
      [612, 792, 90],
      [792, 612, 0],
      [595.28, 841.89, 0],
    ]);
    expect(pdftotext(bytes, 3).trim()).toBe('');
    expect(pdftotext(bytes, 4)).toContain('Sheet A-3');
    const end = await pdfMutation(user.accessToken, 'addPdfPage', { documentId: id, pageSize: 'TABLOID' }, 'AddPageInput');
    expect(end.result.pageCount).toBe(5);
    ({ bytes } = await currentFile(id));
    info = pdfinfoPages(bytes);
    expect(info.sizes[4]).toEqual({ width: 792, height: 1224, rotation: 0 });
    const beyond = await pdfMutation(user.accessToken, 'addPdfPage', { documentId: id, index: 7 }, 'AddPageInput');
    expect(beyond.error?.extensions.code).toBe('BAD_USER_INPUT');
    expect(beyond.error?.message).toMatch(/index must be from 1 to 6/);
  });

  it('movePdfPage moves a page, keeping its size and rotation', async () => {
    const id = await documentOf(await sheetSet());
    const res = await pdfMutation(user.accessToken, 'movePdfPage', { documentId: id, fromPage: 1, toPage: 3 }, 'MovePdfPageInput');
    expect(res.error).toBeUndefined();
    expect(res.result).toMatchObject({ pageCount: 3, document: { versionCount: 2 } });
    const { bytes } = await currentFile(id);
    expectWritten(bytes);
    expect([1, 2, 3].map((p) => pdftotext(bytes, p).trim())).toEqual(['Sheet A-2', 'Sheet A-3', 'Sheet A-1']);
    expect(pdfinfoPages(bytes).sizes[0].rotation).toBe(90);
    const bad = await pdfMutation(user.accessToken, 'movePdfPage', { documentId: id, fromPage: 4, toPage: 1 }, 'MovePdfPageInput');
    expect(bad.error?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('addPdfWatermark draws the text diagonally across the chosen pages, centred, at the opacity given, upright on a turned page', async () => {
    const id = await documentOf(await sheetSet());
    const text = 'PRELIMINARY – NOT FOR CONSTRUCTION';
    const res = await pdfMutation(user.accessToken, 'addPdfWatermark', { documentId: id, text, pages: [1, 2], color: '#ff0000', opacity: 0.5 }, 'WatermarkInput');
    expect(res.error).toBeUndefined();
    expect(res.result).toMatchObject({ pageCount: 3, pagesWatermarked: 2, document: { versionCount: 2, currentVersion: { notes: `Watermark "${text}" on 2 pages` } } });
    const { bytes } = await currentFile(id);
    expectWritten(bytes);
    // pdftotext cuts diagonal text into pieces; every character is there on the watermarked pages, none on page 3.
    const letters = (s: string) => [...s.replace(/[\s\u2013-]/g, '')].sort().join('');
    for (const page of [1, 2]) expect(letters(pdftotext(bytes, page).replace(/Sheet A-\d/, ''))).toBe(letters(text));
    expect(pdftotext(bytes, 3)).not.toContain('P');
    // The centre of each watermarked page (as seen) is tinted red at half opacity; page 3 stays white.
    for (const page of [1, 2]) {
      const png = render(bytes, page);
      const reddish = (x: number, y: number) => {
        const [r, g, b] = pixel(png, x, y);
        return r > 200 && g < 200 && b < 200 && g > 60;
      };
      let hits = 0;
      for (let dx = -6; dx <= 6; dx++) for (let dy = -6; dy <= 6; dy++) if (reddish(png.width / 2 + dx, png.height / 2 + dy)) hits++;
      expect(hits, `page ${page}`).toBeGreaterThan(5);
      // Along the diagonal as seen (lower-left to upper-right), not the other one (away from the centre they share).
      expect(reddishAlong(png, 'rising', 0.15, 0.85), `page ${page}`).toBeGreaterThan(8);
      expect(reddishAlong(png, 'falling', 0.15, 0.35) + reddishAlong(png, 'falling', 0.65, 0.85), `page ${page}`).toBeLessThan(3);
    }
    const blank = render(bytes, 3);
    expect(pixel(blank, blank.width / 2, blank.height / 2)).toEqual([255, 255, 255]);
    // A horizontal one reads back whole with pdftotext; text outside Latin-1 renders in the embedded font.
    const flat = await pdfMutation(user.accessToken, 'addPdfWatermark', { documentId: id, text: 'ПРОЕКТ Ω draft', rotation: 0, pages: [3] }, 'WatermarkInput');
    expect(flat.error).toBeUndefined();
    const after = (await currentFile(id)).bytes;
    expectWritten(after);
    expect(pdftotext(after, 3)).toContain('ПРОЕКТ Ω draft');
    const fonts = tool('pdffonts', (f) => [f], after);
    expect(fonts).toMatch(/LiberationSans\S*\s+CID TrueType\s+Identity-H\s+yes/); // embedded
  });

  it('drawOnPdf draws rectangles, ellipses, lines and text where asked, as the page is seen', async () => {
    const id = await documentOf(await sheetSet());
    const operations = [
      { type: 'RECTANGLE', x: 0, y: 0, width: 100, height: 100, color: '#0000ff' },
      { type: 'ELLIPSE', x: 200, y: 200, width: 80, height: 40, borderColor: '#00ff00', borderWidth: 3 },
      { type: 'LINE', x: 0, y: 300, x2: 300, y2: 300, color: '#000000', borderWidth: 2 },
      { type: 'TEXT', x: 300, y: 500, text: 'Revised per RFI 12 — Ünïcode ok', fontSize: 16, color: '#333333' },
    ];
    // Page 2 is turned 90°: (0, 0) is the lower-left corner as seen.
    const res = await pdfMutation(user.accessToken, 'drawOnPdf', { documentId: id, page: 2, operations }, 'DrawOperationsInput');
    expect(res.error).toBeUndefined();
    expect(res.result).toMatchObject({ operationsApplied: 4, document: { versionCount: 2, currentVersion: { notes: 'Drew 4 shapes on page 2' } } });
    const { bytes } = await currentFile(id);
    expectWritten(bytes);
    expect(pdftotext(bytes, 2)).toContain('Revised per RFI 12 — Ünïcode ok');
    const png = render(bytes, 2, 72); // 792 × 612 px as seen
    expect(png.width).toBe(792);
    expect(pixel(png, 50, 612 - 50)).toEqual([0, 0, 255]); // the blue square at the lower-left corner as seen
    expect(pixel(png, 792 - 50, 50)).toEqual([255, 255, 255]);
    const [r, g, b] = pixel(png, 150, 612 - 300);
    expect(r + g + b).toBeLessThan(200); // the black line
    const bad = await pdfMutation(user.accessToken, 'drawOnPdf', { documentId: id, page: 1, operations: [{ type: 'RECTANGLE', x: 0, y: 0, color: 'blue' }] }, 'DrawOperationsInput');
    expect(bad.error?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('drawPdfImage draws an uploaded PNG or JPEG at the place and size asked', async () => {
    const id = await documentOf(await sheetSet());
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 0, g: 160, b: 0 } } })
      .png()
      .toBuffer();
    const hash = await uploaded(new Uint8Array(png), 'logo.png', user.accessToken);
    const res = await pdfMutation(user.accessToken, 'drawPdfImage', { documentId: id, page: 1, fileHash: hash, x: 400, y: 600, width: 100 }, 'DrawImageInput');
    expect(res.error).toBeUndefined();
    expect(res.result).toMatchObject({ pageCount: 3, document: { versionCount: 2 } });
    const { bytes } = await currentFile(id);
    expectWritten(bytes);
    const page = render(bytes, 1, 72);
    expect(pixel(page, 450, 792 - 625)).toEqual([0, 160, 0]); // 100 × 50 pt from (400, 600)
    expect(pixel(page, 450, 792 - 660)).toEqual([255, 255, 255]);
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: { r: 200, g: 0, b: 0 } } })
      .jpeg()
      .toBuffer();
    const jpg = await pdfMutation(
      user.accessToken,
      'drawPdfImage',
      { documentId: id, page: 3, fileHash: await uploaded(new Uint8Array(jpeg), 'a.jpg', user.accessToken), x: 10, y: 10 },
      'DrawImageInput',
    );
    expect(jpg.error).toBeUndefined();
    expectWritten((await currentFile(id)).bytes);
    const pdfHash = await uploaded(await samplePdf(), 'not-an-image.pdf', user.accessToken);
    const notImage = await pdfMutation(user.accessToken, 'drawPdfImage', { documentId: id, page: 1, fileHash: pdfHash, x: 0, y: 0 }, 'DrawImageInput');
    expect(notImage.error?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('extractPages makes a new document of the pages asked, in that order, keeping sizes and rotation', async () => {
    const id = await documentOf(await sheetSet(), 'Tower set');
    const res = await pdfMutation(user.accessToken, 'extractPages', { documentId: id, pages: [3, 2] }, 'ExtractPagesInput');
    expect(res.error).toBeUndefined();
    expect(res.result).toMatchObject({ pageCount: 2, document: { name: 'Tower set (pages 3, 2)', versionCount: 1 } });
    expect(res.result.document.id).not.toBe(id);
    const { bytes } = await currentFile(res.result.document.id);
    expectWritten(bytes);
    const info = pdfinfoPages(bytes);
    expect(info.sizes).toEqual([
      { width: 595.28, height: 841.89, rotation: 0 },
      { width: 612, height: 792, rotation: 90 },
    ]);
    expect(pdftotext(bytes, 1)).toContain('Sheet A-3');
    expect((await currentFile(id)).versionNumber).toBe(1); // the source is untouched
  });

  it('mergePdfs makes one document of every page in order, with sizes, rotation, links and outlines', async () => {
    const first = await documentOf(await withLinkAndOutline(), 'Architectural');
    const second = await documentOf(await sheetSet(), 'Structural');
    const res = await pdfMutation(user.accessToken, 'mergePdfs', { documentIds: [first, second], name: 'Permit set' }, 'MergePdfsInput');
    expect(res.error).toBeUndefined();
    expect(res.result).toMatchObject({ pageCount: 5, operationsApplied: 2, document: { name: 'Permit set', versionCount: 1 } });
    const { bytes } = await currentFile(res.result.document.id);
    expectWritten(bytes);
    const info = pdfinfoPages(bytes);
    expect(info.pages).toBe(5);
    expect(info.sizes.map((s) => s.rotation)).toEqual([0, 0, 0, 90, 0]);
    expect(info.sizes[4]).toMatchObject({ width: 595.28, height: 841.89 });
    expect(pdftotext(bytes, 2)).toContain('Cover detail');
    // The link on page 1 still leads to page 2 of the merged file, and the outline is there.
    const merged = await PDFDocument.load(bytes);
    const annots = merged.getPage(0).node.Annots()!;
    const link = annots.lookup(0, PDFDict);
    const dest = link.lookup(PDFName.of('Dest'), PDFArray);
    expect(dest.get(0)).toBe(merged.getPage(1).ref);
    const outlines = merged.catalog.lookup(PDFName.of('Outlines'), PDFDict);
    const item = outlines.lookup(PDFName.of('First'), PDFDict);
    expect((item.lookup(PDFName.of('Title')) as PDFString).decodeText()).toBe('Details');
    expect(item.lookup(PDFName.of('Dest'), PDFArray).get(0)).toBe(merged.getPage(1).ref);
    expect(merged.context.enumerateIndirectObjects().filter(([, o]) => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('Page')).length).toBe(5); // no stray page copies
    const one = await pdfMutation(user.accessToken, 'mergePdfs', { documentIds: [first], name: 'x' }, 'MergePdfsInput');
    expect(one.error?.extensions.code).toBe('BAD_USER_INPUT');
  });
});

/** Two pages: a link on page 1 to page 2 (by a named destination) and an outline item to page 2. */
async function withLinkAndOutline(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const one = pdf.addPage([612, 792]);
  one.drawText('Cover', { x: 72, y: 700, font });
  const two = pdf.addPage([612, 792]);
  two.drawText('Cover detail', { x: 72, y: 700, font });
  const dest = pdf.context.obj([two.ref, 'XYZ', null, null, null]);
  const dests = pdf.context.obj({ detail: dest });
  pdf.catalog.set(PDFName.of('Dests'), pdf.context.register(dests));
  const link = pdf.context.register(pdf.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, 690, 200, 720], Border: [0, 0, 0], Dest: PDFName.of('detail') }));
  one.node.set(PDFName.of('Annots'), pdf.context.obj([link]));
  const outlinesRef = pdf.context.nextRef();
  const item = pdf.context.register(pdf.context.obj({ Title: PDFString.of('Details'), Parent: outlinesRef, Dest: [two.ref, 'XYZ', null, null, null] }));
  pdf.context.assign(outlinesRef, pdf.context.obj({ Type: 'Outlines', First: item, Last: item, Count: 1 }));
  pdf.catalog.set(PDFName.of('Outlines'), outlinesRef);
  return pdf.save();
}

/** The form fixture: one field of each kind on one page, with labels. */
async function formFixture(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const form = pdf.getForm();
  page.drawText('Project', { x: 50, y: 700, size: 10, font });
  form.createTextField('project').addToPage(page, { x: 150, y: 690, width: 300, height: 24 });
  page.drawText('Approved', { x: 50, y: 650, size: 10, font });
  form.createCheckBox('approved').addToPage(page, { x: 150, y: 640, width: 20, height: 20 });
  page.drawText('Phase', { x: 50, y: 600, size: 10, font });
  const radio = form.createRadioGroup('phase');
  radio.addOptionToPage('design', page, { x: 150, y: 590, width: 20, height: 20 });
  radio.addOptionToPage('construction', page, { x: 250, y: 590, width: 20, height: 20 });
  page.drawText('Discipline', { x: 50, y: 550, size: 10, font });
  const dropdown = form.createDropdown('discipline');
  dropdown.addOptions(['Civil', 'Structural', 'Electrical']);
  dropdown.addToPage(page, { x: 150, y: 540, width: 200, height: 24 });
  return pdf.save();
}

const darkIn = (png: ReturnType<typeof render>, x: number, y: number, w: number, h: number) => {
  let dark = 0;
  for (let i = x; i < x + w; i++) for (let j = y; j < y + h; j++) if (pixel(png, i, j).every((c) => c < 120)) dark++;
  return dark;
};

describe('forms: a fixture with a text field, a checkbox, a radio group and a dropdown', () => {
  it('fills each kind, regenerates their appearances, then flattens, and pdftotext shows the values', async () => {
    const id = await documentOf(await formFixture(), 'Title block');
    const meta = await gql('query($id: UUID!) { pdfMetadata(documentId: $id) { hasForms } }', { token: user.accessToken, variables: { id } });
    expect(meta.body.data?.pdfMetadata.hasForms).toBe(true);
    const fields = [
      { name: 'project', value: 'Harbor Bridge — Ωmega 7' },
      { name: 'approved', value: 'true' },
      { name: 'phase', value: 'construction' },
      { name: 'discipline', value: 'Structural' },
    ];
    const filled = await pdfMutation(user.accessToken, 'fillPdfForm', { documentId: id, fields }, 'FillFormInput');
    expect(filled.error).toBeUndefined();
    expect(filled.result).toMatchObject({ fieldsFilled: 4, document: { versionCount: 2, currentVersion: { notes: 'Filled 4 form fields' } } });
    let { bytes } = await currentFile(id);
    expectWritten(bytes);
    const form = (await PDFDocument.load(bytes)).getForm();
    expect(form.getTextField('project').getText()).toBe('Harbor Bridge — Ωmega 7');
    expect(form.getCheckBox('approved').isChecked()).toBe(true);
    expect(form.getRadioGroup('phase').getSelected()).toBe('construction');
    expect(form.getDropdown('discipline').getSelected()).toEqual(['Structural']);

    const flat = await pdfMutation(user.accessToken, 'flattenPdfForm', id);
    expect(flat.error).toBeUndefined();
    expect(flat.result).toMatchObject({ operationsApplied: 4, document: { versionCount: 3 } });
    ({ bytes } = await currentFile(id));
    expectWritten(bytes);
    const text = pdftotext(bytes);
    expect(text).toContain('Harbor Bridge — Ωmega 7');
    expect(text).toContain('Structural');
    expect((await PDFDocument.load(bytes)).getForm().getFields()).toHaveLength(0);
    // The check mark and the chosen radio button are drawn on the page now (72 dpi: 1 px per point).
    const png = render(bytes, 1, 72);
    expect(darkIn(png, 152, 792 - 658, 16, 16)).toBeGreaterThan(5); // checkbox at (150, 640)
    expect(darkIn(png, 252, 792 - 608, 16, 16)).toBeGreaterThan(5); // "construction" at (250, 590)
    expect(darkIn(png, 155, 792 - 605, 10, 10)).toBe(0); // "design" left empty
  });

  it('fills and flattens in one call, and names an unknown field or a value a field cannot take', async () => {
    const id = await documentOf(await formFixture(), 'Title block');
    const unknown = await pdfMutation(user.accessToken, 'fillPdfForm', { documentId: id, fields: [{ name: 'sheet_no', value: '1' }] }, 'FillFormInput');
    expect(unknown.error?.extensions.code).toBe('BAD_USER_INPUT');
    expect(unknown.error?.message).toMatch(/no field named "sheet_no".*project, approved, phase, discipline/);
    const badOption = await pdfMutation(user.accessToken, 'fillPdfForm', { documentId: id, fields: [{ name: 'discipline', value: 'Plumbing' }] }, 'FillFormInput');
    expect(badOption.error?.message).toMatch(/"discipline" has no option "Plumbing".*Civil, Structural, Electrical/);
    expect((await currentFile(id)).versionNumber).toBe(1);
    const res = await pdfMutation(user.accessToken, 'fillPdfForm', { documentId: id, fields: [{ name: 'project', value: 'Depot' }], flatten: true }, 'FillFormInput');
    expect(res.result).toMatchObject({ fieldsFilled: 1, document: { versionCount: 2, currentVersion: { notes: 'Filled 1 form field, then flattened the form' } } });
    const { bytes } = await currentFile(id);
    expectWritten(bytes);
    expect(pdftotext(bytes)).toContain('Depot');
    const again = await pdfMutation(user.accessToken, 'flattenPdfForm', id);
    expect(again.error?.message).toMatch(/no form fields/);
  });
});

describe('refusals: what an edit may not touch', () => {
  const EDITS: Array<[string, string, (id: string) => Record<string, unknown> | string]> = [
    ['addPdfPage', 'AddPageInput', (id) => ({ documentId: id })],
    ['addPdfWatermark', 'WatermarkInput', (id) => ({ documentId: id, text: 'DRAFT' })],
    ['drawOnPdf', 'DrawOperationsInput', (id) => ({ documentId: id, page: 1, operations: [{ type: 'LINE', x: 0, y: 0, x2: 10, y2: 10 }] })],
    ['movePdfPage', 'MovePdfPageInput', (id) => ({ documentId: id, fromPage: 1, toPage: 1 })],
    ['fillPdfForm', 'FillFormInput', (id) => ({ documentId: id, fields: [{ name: 'project', value: 'x' }] })],
    ['flattenPdfForm', '', (id) => id],
  ];

  it('a SEALED document answers DOCUMENT_SEALED to every edit and keeps its version', async () => {
    const id = await documentOf(await formFixture());
    const doc = await db().document.findUniqueOrThrow({ where: { id }, select: { currentVersionId: true } });
    await seedSealOn(doc.currentVersionId!);
    for (const [name, type, input] of EDITS) {
      const res = await pdfMutation(user.accessToken, name, input(id), type);
      expect(res.error?.extensions, name).toMatchObject({ code: 'DOCUMENT_SEALED', status_code: 409 });
    }
    expect(await db().documentVersion.count({ where: { documentId: id } })).toBe(1);
  });

  it('an archived, a deleted or another organization\u2019s document answers NOT_FOUND', async () => {
    const archived = await documentOf(await formFixture());
    await db().document.update({ where: { id: archived }, data: { archived: true } });
    const deleted = await documentOf(await formFixture());
    await db().document.update({ where: { id: deleted }, data: { deletedAt: new Date() } });
    const stranger = await seedUser();
    for (const id of [archived, deleted]) {
      for (const [name, type, input] of EDITS) {
        const res = await pdfMutation(user.accessToken, name, input(id), type);
        expect(res.error?.extensions.code, name).toBe('NOT_FOUND');
      }
    }
    const theirs = await pdfMutation(stranger.accessToken, 'addPdfPage', { documentId: archived }, 'AddPageInput');
    expect(theirs.error?.extensions.code).toBe('NOT_FOUND');
    const merge = await pdfMutation(stranger.accessToken, 'mergePdfs', { documentIds: [deleted, archived], name: 'x' }, 'MergePdfsInput');
    expect(merge.error?.extensions.code).toBe('NOT_FOUND');
  });

  it('a new document beyond the plan\u2019s document limit is PLAN_LIMIT_EXCEEDED, and nothing is stored', async () => {
    const free = await seedUser();
    const source = (await createDocumentVia(free.accessToken, { name: 'Only', fileHash: await uploaded(await samplePdf(2), 'a.pdf', free.accessToken) })).id;
    await db().document.createMany({ data: Array.from({ length: 24 }, (_, i) => ({ organizationId: free.organizationId, createdById: free.id, name: `Filler ${i}` })) });
    const blobsBefore = await db().documentVersion.count();
    for (const [name, type, input] of [
      ['createPdf', 'CreatePdfInput', { name: 'One more' }],
      ['extractPages', 'ExtractPagesInput', { documentId: source, pages: [1] }],
      ['mergePdfs', 'MergePdfsInput', { documentIds: [source, source], name: 'Twice' }],
    ] as const) {
      const res = await pdfMutation(free.accessToken, name, input, type);
      expect(res.error?.extensions, name).toMatchObject({ code: 'PLAN_LIMIT_EXCEEDED', status_code: 402 });
    }
    expect(await db().document.count({ where: { organizationId: free.organizationId } })).toBe(25);
    expect(await db().documentVersion.count()).toBe(blobsBefore);
  });
});

/** Reddish pixels (the watermark's tint) at points along a line across the rendered page, from fraction `from` to `to`. */
function reddishAlong(png: ReturnType<typeof render>, diagonal: 'rising' | 'falling', from: number, to: number): number {
  let hits = 0;
  for (let f = from; f <= to + 1e-9; f += 0.02) {
    const [r, g, b] = pixel(png, png.width * f, diagonal === 'rising' ? png.height * (1 - f) : png.height * f);
    if (r > 200 && g < 200 && b < 200) hits++;
  }
  return hits;
}
