/**
 * The seven PDF inspection queries over real GraphQL requests, each answer compared with what
 * poppler (pdfinfo, pdftotext, pdfsig, pdffonts) and qpdf read from the same file.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { degrees, PDFDocument, PDFHeader, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCredential, seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, uploadBytes, uploaded } from '../../test/documents.ts';
import { gql } from '../../test/graphql.ts';
import { currentFile, plantDocument, pdftotext, qpdfClean, tool } from '../../test/pdf-tools.ts';
import { configureRateLimit } from '../ratelimit/index.ts';

let user: SeededUser;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-inspect-'));
beforeAll(async () => {
  configureRateLimit('pdf', { disabled: true }); // the limit has its own test (hostile.integration.test.ts)
  user = await seedUser({ planLevel: 'TEAM', displayName: 'Jordan Ellis' });
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const query = async (field: string, id: string, selection: string, extraArgs = '') => {
  const res = await gql(`query($id: UUID!) { ${field}(documentId: $id${extraArgs}) ${selection} }`, { token: user.accessToken, variables: { id } });
  return { data: res.body.data?.[field], error: res.body.errors?.[0] };
};

async function documentOf(bytes: Uint8Array, name = 'Plan'): Promise<string> {
  return (await createDocumentVia(user.accessToken, { name, fileHash: await uploaded(bytes, 'plan.pdf', user.accessToken) })).id;
}

/**
 * Two pages whose facts are spread the way real files spread them: page 1 inherits its
 * MediaBox and a 90° /Rotate from the page tree and has its own CropBox; page 2 is A4 with
 * its own /Rotate 0, TrimBox and BleedBox. Header 1.7, catalog /Version 2.0; document
 * information with dates at +05:30 and in UT.
 */
async function factsFixture(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const one = pdf.addPage([612, 792]);
  one.drawText('Foundation plan, sheet one', { x: 72, y: 700, font });
  const two = pdf.addPage([595.28, 841.89]);
  two.drawText('Sheet two details', { x: 72, y: 700, font });
  const root = pdf.catalog.Pages();
  root.set(PDFName.of('MediaBox'), pdf.context.obj([0, 0, 612, 792]));
  root.set(PDFName.of('Rotate'), pdf.context.obj(90));
  one.node.delete(PDFName.of('MediaBox'));
  one.node.set(PDFName.of('CropBox'), pdf.context.obj([10, 20, 602, 782]));
  two.setRotation(degrees(0));
  two.node.set(PDFName.of('TrimBox'), pdf.context.obj([20, 20, 575.28, 821.89]));
  two.node.set(PDFName.of('BleedBox'), pdf.context.obj([10, 10, 585.28, 831.89]));
  pdf.catalog.set(PDFName.of('Version'), PDFName.of('2.0'));
  pdf.setTitle('Foundation plan');
  pdf.setAuthor('Jordan Ellis');
  pdf.setSubject('Footings');
  pdf.setKeywords(['foundation', 'footing']);
  pdf.setCreator('Drafting app');
  pdf.setProducer('Plotter 2');
  const info = (pdf as unknown as { getInfoDict(): import('pdf-lib').PDFDict }).getInfoDict();
  info.set(PDFName.of('CreationDate'), PDFString.of("D:20240102030405+05'30'"));
  info.set(PDFName.of('ModDate'), PDFString.of('D:20250607080910Z'));
  pdf.context.header = PDFHeader.forVersion(1, 7);
  return pdf.save({ useObjectStreams: false });
}

/** Run a command on a file of these bytes and read the file it writes. */
function transform(bytes: Uint8Array, args: (input: string, output: string) => string[], command = 'qpdf'): Uint8Array {
  const input = path.join(tmp, `${Math.random()}.pdf`);
  const output = `${input}.out.pdf`;
  fs.writeFileSync(input, bytes);
  try {
    execFileSync(command, args(input, output), { stdio: 'ignore' });
  } catch (err) {
    if (!fs.existsSync(output)) throw err; // qpdf exits 3 on warnings, having written the file
  }
  return new Uint8Array(fs.readFileSync(output));
}

describe('pdfInfo, pdfMetadata, pdfPageInfo and pdfDetailedPageInfo: what pdfinfo reads', () => {
  let id: string;
  let bytes: Uint8Array;
  let pdfinfo: string;
  beforeAll(async () => {
    bytes = await factsFixture();
    id = await documentOf(bytes);
    pdfinfo = tool('pdfinfo', (f) => ['-f', '1', '-l', '2', '-box', '-isodates', f], bytes);
  });
  const field = (name: string) => new RegExp(`^${name}:\\s+(.*)$`, 'm').exec(pdfinfo)?.[1].trim();
  const box = (page: number, name: string) => {
    const [x1, y1, x2, y2] = new RegExp(`^Page\\s+${page} ${name}:\\s+(.*)$`, 'm').exec(pdfinfo)![1].trim().split(/\s+/).map(Number);
    return { x: x1, y: y1, width: +(x2 - x1).toFixed(2), height: +(y2 - y1).toFixed(2) };
  };
  const rounded = (b: { x: number; y: number; width: number; height: number }) => ({ x: +b.x.toFixed(2), y: +b.y.toFixed(2), width: +b.width.toFixed(2), height: +b.height.toFixed(2) });

  it('pdfInfo: pages, size, encryption, linearization and the higher of the two versions', async () => {
    const { data, error } = await query('pdfInfo', id, '{ pageCount fileSize isEncrypted isLinearized version pageSizes { page width height rotation } }');
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ pageCount: Number(field('Pages')), fileSize: bytes.length, isEncrypted: false, isLinearized: false, version: '2.0' });
    expect(field('Encrypted')).toBe('no');
    expect(field('Optimized')).toBe('no');
    expect(field('PDF version')).toBe('2.0');
    // As seen: page 1's crop box turned a quarter; pdfinfo prints it unturned, with its rotation.
    expect(data.pageSizes).toEqual([
      { page: 1, width: 762, height: 592, rotation: 90 },
      { page: 2, width: 595.28, height: 841.89, rotation: 0 },
    ]);
    expect(pdfinfo).toMatch(/^Page\s+1 size:\s+592 x 762 pts/m);
    expect(pdfinfo).toMatch(/^Page\s+1 rot:\s+90/m);
    expect(pdfinfo).toMatch(/^Page\s+2 rot:\s+0/m);
  });

  it('pdfInfo: isLinearized from the linearization dictionary, as pdfinfo says "Optimized"', async () => {
    const linear = transform(await samplePdf(3), (i, o) => ['--linearize', i, o]);
    expect(tool('pdfinfo', (f) => [f], linear)).toMatch(/^Optimized:\s+yes/m);
    const linearId = await documentOf(linear);
    expect((await query('pdfInfo', linearId, '{ isLinearized pageCount }')).data).toEqual({ isLinearized: true, pageCount: 3 });
    // Appended to after linearization: its /L no longer matches, so it is not linearized any more.
    const updated = new Uint8Array(Buffer.concat([Buffer.from(linear), Buffer.from('\n% appended\n')]));
    const updatedId = await plantDocument(user, updated);
    expect((await query('pdfInfo', updatedId, '{ isLinearized }')).data).toEqual({ isLinearized: false });
  });

  it('pdfMetadata: the document information, dates in ISO 8601 with their offset', async () => {
    const { data, error } = await query('pdfMetadata', id, '{ title author subject keywords creator producer creationDate modificationDate pageCount pdfVersion fileSize isEncrypted hasForms }');
    expect(error).toBeUndefined();
    expect(data).toEqual({
      title: field('Title'),
      author: field('Author'),
      subject: field('Subject'),
      keywords: field('Keywords'),
      creator: field('Creator'),
      producer: field('Producer'),
      creationDate: '2024-01-02T03:04:05+05:30',
      modificationDate: '2025-06-07T08:09:10Z',
      pageCount: 2,
      pdfVersion: '2.0',
      fileSize: bytes.length,
      isEncrypted: false,
      hasForms: false,
    });
    expect(data.title).toBe('Foundation plan');
    expect(field('CreationDate')).toBe('2024-01-02T03:04:05+05:30');
    expect(field('ModDate')).toBe('2025-06-07T08:09:10Z');
  });

  it('pdfPageInfo and pdfDetailedPageInfo: sizes as seen, and every box, inherited ones included', async () => {
    const pages = await query('pdfPageInfo', id, '{ page width height rotation }');
    expect(pages.data).toEqual([
      { page: 1, width: 762, height: 592, rotation: 90 },
      { page: 2, width: 595.28, height: 841.89, rotation: 0 },
    ]);
    const boxes =
      '{ page width height rotation isLandscape mediaBox { x y width height } cropBox { x y width height } bleedBox { x y width height } trimBox { x y width height } artBox { x y width height } }';
    for (const page of [1, 2]) {
      const { data, error } = await query('pdfDetailedPageInfo', id, boxes, `, page: ${page}`);
      expect(error).toBeUndefined();
      for (const name of ['MediaBox', 'CropBox', 'BleedBox', 'TrimBox', 'ArtBox']) {
        const key = `${name[0].toLowerCase()}${name.slice(1)}`;
        expect(rounded(data[key]), `page ${page} ${name}`).toEqual(box(page, name));
      }
      expect(data.isLandscape).toBe(page === 1);
    }
    const beyond = await query('pdfDetailedPageInfo', id, '{ page }', ', page: 3');
    expect(beyond.error?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('answers only for documents the caller sees: null, and NOT_FOUND for the list', async () => {
    const stranger = await seedUser();
    const res = await gql('query($id: UUID!) { pdfInfo(documentId: $id) { pageCount } pdfText(documentId: $id) { text } }', { token: stranger.accessToken, variables: { id } });
    expect(res.body.data).toEqual({ pdfInfo: null, pdfText: null });
    const list = await gql('query($id: UUID!) { pdfPageInfo(documentId: $id) { page } }', { token: stranger.accessToken, variables: { id } });
    expect(list.body.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const anonymous = await gql('query($id: UUID!) { pdfInfo(documentId: $id) { pageCount } }', { variables: { id } });
    expect(anonymous.body.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('pdfText: what pdftotext reads, page by page, in reading order', () => {
  it('gives each page\u2019s text followed by a form feed, as pdftotext does', async () => {
    const bytes = await factsFixture();
    const id = await documentOf(bytes);
    const { data, error } = await query('pdfText', id, '{ text pageCount }');
    expect(error).toBeUndefined();
    expect(data.pageCount).toBe(2);
    const words = (s: string) => s.split(/\s+/).filter(Boolean);
    const ours = data.text.split('\f');
    const theirs = pdftotext(bytes).split('\f');
    expect(ours).toHaveLength(3); // two pages, each ended by \f
    expect(ours[2]).toBe('');
    for (const page of [0, 1]) expect(words(ours[page])).toEqual(words(theirs[page]));
  });

  it('reads top to bottom and column by column whatever order the file draws in', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([612, 792]);
    // Drawn in a scrambled order: the footer first, the right column before the left, the title last.
    page.drawText('Footer: sheet 1 of 1', { x: 72, y: 40, size: 9, font });
    for (let i = 0; i < 3; i++) page.drawText(`right ${i + 1}`, { x: 340, y: 600 - i * 14, size: 10, font });
    for (let i = 0; i < 3; i++) page.drawText(`left ${i + 1}`, { x: 72, y: 600 - i * 14, size: 10, font });
    page.drawText('General notes', { x: 72, y: 700, size: 18, font });
    const bytes = await pdf.save();
    const id = await documentOf(bytes);
    const { data } = await query('pdfText', id, '{ text }');
    expect(data.text).toBe('General notes\nleft 1\nleft 2\nleft 3\nright 1\nright 2\nright 3\nFooter: sheet 1 of 1\f');
    // pdftotext finds the same lines, the columns in the same order (it reads the footer as part of the left column).
    const theirs = pdftotext(bytes)
      .split(/\s*\n\s*/)
      .filter((l) => l.trim() !== '');
    expect([...theirs].sort()).toEqual(data.text.replace('\f', '').split('\n').sort());
    expect(theirs.filter((l) => /^(left|right)/.test(l))).toEqual(['left 1', 'left 2', 'left 3', 'right 1', 'right 2', 'right 3']);
  });
});

describe('pdfSignatures: what pdfsig reads on a PKI-sealed document', () => {
  it('names the signer, the signing time and the SubFilter; an unsigned document has none', async () => {
    const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId, displayName: 'Jordan Ellis' });
    const id = await documentOf(await samplePdf(1, 'Signed plan'));
    const cert = await gql('mutation($i: RequestSigningCertificateInput!) { requestSigningCertificate(input: $i) { id } }', {
      token: user.accessToken,
      variables: { i: { name: 'Mine', credentialId: credential.id } },
    });
    const sealed = await gql('mutation($i: SealDocumentInput!) { sealDocument(input: $i) { sealedAt } }', {
      token: user.accessToken,
      variables: { i: { documentId: id, credentialId: credential.id, signingCertificateId: cert.body.data!.requestSigningCertificate.id } },
    });
    expect(sealed.body.errors).toBeUndefined();
    const { data, error } = await query('pdfSignatures', id, '{ isSigned signatureCount signatures { signerName signingDate signatureType } }');
    expect(error).toBeUndefined();
    const { bytes } = await currentFile(id);
    const pdfsig = tool('pdfsig', (f) => [f], bytes);
    expect(data.signatureCount).toBe(pdfsig.match(/^Signature #\d+:/gm)?.length);
    expect(data).toMatchObject({ isSigned: true, signatureCount: 1 });
    const [signature] = data.signatures;
    expect(pdfsig).toContain(`Signer Certificate Common Name: ${signature.signerName}`);
    expect(signature.signerName).toBe('Jordan Ellis');
    expect(pdfsig).toContain(`Signature Type: ${signature.signatureType}`);
    expect(signature.signatureType).toBe('ETSI.CAdES.detached');
    // No timestamp authority here: the time is the signature dictionary's /M, the seal's time to the second.
    expect(Math.abs(Date.parse(signature.signingDate) - Date.parse(sealed.body.data!.sealDocument.sealedAt))).toBeLessThan(1000);

    const unsigned = await documentOf(await samplePdf());
    expect((await query('pdfSignatures', unsigned, '{ isSigned signatureCount signatures { signerName } }')).data).toEqual({ isSigned: false, signatureCount: 0, signatures: [] });

    // Bytes appended after the signature: pdfsig says the signature no longer covers the file, and so does pdfValidate.
    const appended = new Uint8Array(Buffer.concat([Buffer.from(bytes), Buffer.from('\n% added after signing\n')]));
    expect(tool('pdfsig', (f) => [f], appended)).toMatch(/not total document signed|Total document signed:\s*No/i);
    const appendedId = await plantDocument(user, appended);
    const validation = await query('pdfValidate', appendedId, '{ isValid issues }');
    expect(validation.data.isValid).toBe(false);
    expect(validation.data.issues.join('\n')).toMatch(/No signature's \/ByteRange covers the whole file/);
    expect((await query('pdfValidate', id, '{ isValid issues }')).data).toEqual({ isValid: true, issues: [] });
  });
});

describe('pdfValidate: structural problems in words, where qpdf and poppler see them too', () => {
  it('a clean file is valid, as qpdf --check says', async () => {
    const bytes = await factsFixture();
    expect(qpdfClean(bytes)).toBe(true);
    expect((await query('pdfValidate', await documentOf(bytes), '{ isValid issues }')).data).toEqual({ isValid: true, issues: [] });
  });

  it('names a broken cross-reference table, an unembedded font, JavaScript and encryption', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const font = pdf.context.register(pdf.context.obj({ Type: 'Font', Subtype: 'TrueType', BaseFont: 'CustomSans', FirstChar: 32, LastChar: 32, Widths: [250] }));
    page.node.set(PDFName.of('Resources'), pdf.context.obj({ Font: { F1: font } }));
    const content = pdf.context.register(pdf.context.stream('BT /F1 12 Tf 72 700 Td (Hello) Tj ET'));
    page.node.set(PDFName.of('Contents'), content);
    pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
    const good = await pdf.save({ useObjectStreams: false });
    expect(tool('pdffonts', (f) => [f], good)).toMatch(/CustomSans\s+TrueType\s+\S+\s+no/);
    // A comment inserted after the header moves every object: the table's offsets all point 20 bytes early.
    const text = Buffer.from(good).toString('latin1');
    const broken = new Uint8Array(Buffer.from(text.replace(/^(%PDF-\d\.\d\n)/, '$1%%%%%%%%%%%%%%%%%%%\n'), 'latin1'));
    expect(qpdfClean(broken)).toBe(false);
    // Such a file is refused at upload (readers would rebuild the table and could show other objects than the ones sealed)…
    const refused = await uploadBytes(broken, 'broken.pdf', user.accessToken);
    expect(refused.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/cross-reference table is damaged/), extensions: { code: 'BAD_USER_INPUT' } });
    // …and pdfValidate, on one stored before that rule, names it among its issues.
    const { data } = await query('pdfValidate', await plantDocument(user, broken), '{ isValid issues }');
    expect(data.isValid).toBe(false);
    const issues = data.issues.join('\n');
    expect(issues).toMatch(/^It cannot be sealed or edited: .*cross-reference table is damaged/);
    expect(issues).toMatch(/cross-reference table is broken: startxref or \/Prev points at offset \d+/);
    expect(issues).toMatch(/cross-reference table is broken: \d+ of its \d+ entries point to the wrong place/);
    expect(issues).toMatch(/font CustomSans is not embedded \(page 1\)/);
    expect(issues).toMatch(/JavaScript in \/OpenAction/);

    // Encrypted without object streams: its structure reads in the clear.
    const plain = transform(await samplePdf(), (i, o) => ['--object-streams=disable', '--encrypt', '', 'owner-secret', '256', '--', i, o]);
    expect(tool('pdfinfo', (f) => [f], plain)).toMatch(/^Encrypted:\s+yes/m);
    expect((await query('pdfInfo', await documentOf(plain), '{ isEncrypted pageCount }')).data).toEqual({ isEncrypted: true, pageCount: 1 });
    // With its objects in encrypted object streams, only the key opens the structure.
    const encrypted = transform(await samplePdf(), (i, o) => ['--object-streams=generate', '--encrypt', '', 'owner-secret', '256', '--', i, o]);
    const encryptedId = await documentOf(encrypted);
    expect((await query('pdfValidate', encryptedId, '{ isValid issues }')).data).toMatchObject({ isValid: false, issues: [expect.stringMatching(/encrypted/)] });
    const info = await query('pdfInfo', encryptedId, '{ isEncrypted }');
    expect(info.error?.extensions.code).toBe('BAD_USER_INPUT');
    expect(info.error?.message).toMatch(/encrypted/);
    // pdf.js opens it with the empty user password: its text reads as pdftotext reads it.
    expect((await query('pdfText', encryptedId, '{ text }')).data.text.trim()).toBe(pdftotext(encrypted).trim());
  });
});
