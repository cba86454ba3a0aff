/**
 * Sealing refuses a PDF that would run or launch something (JavaScript, a launch action, an
 * embedded program), naming what it found; the upload's inspection reports the same. Each
 * hostile PDF is checked with pdf.js (an independent reader) to hold what it claims to.
 */
import crypto from 'node:crypto';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCredential, seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { createDocumentVia, samplePdf, uploaded } from '../../test/documents.ts';
import { gql } from '../../test/graphql.ts';
import { db } from '../db/index.ts';
import { inspectFile } from '../pdf/inspect-file.ts';

const SEAL = 'mutation($input: SealDocumentInput!) { sealDocument(input: $input) { verificationCode document { status versionCount } } }';
const DOCUMENT = 'query($id: UUID!) { document(id: $id) { status versionCount currentVersion { versionNumber seal { verificationCode } } } }';

let pro: SeededUser & { credentialId: string };
beforeAll(async () => {
  const user = await seedUser({ planLevel: 'TEAM', displayName: 'Jordan Ellis' });
  const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId, displayName: 'Jordan Ellis', licenseNumber: `PE${crypto.randomInt(1e6)}`, regionCode: 'TX' });
  pro = { ...user, credentialId: credential.id };
});

/** A sample PDF changed by `edit` and saved again. */
async function pdfWith(edit: (pdf: PDFDocument) => void | Promise<void>): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(await samplePdf(1, 'Deck plan'));
  await edit(pdf);
  return pdf.save();
}

/** What pdf.js makes of the file: its document JavaScript actions, its attachments, page 1's annotations. */
async function pdfjsView(bytes: Uint8Array) {
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, stopAtErrors: true, verbosity: 0 }).promise;
  try {
    const page = await pdf.getPage(1);
    return { jsActions: await pdf.getJSActions(), attachments: await pdf.getAttachments(), annotations: await page.getAnnotations() };
  } finally {
    await pdf.destroy();
  }
}

const withOpenActionJs = () =>
  pdfWith((pdf) => {
    const action = pdf.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hello")') });
    pdf.catalog.set(PDFName.of('OpenAction'), pdf.context.register(action));
  });

const withLaunchAction = () =>
  pdfWith((pdf) => {
    const launch = pdf.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') });
    const link = pdf.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, 72, 272, 172], Border: [0, 0, 0], A: launch });
    pdf.getPage(0).node.set(PDFName.of('Annots'), pdf.context.obj([pdf.context.register(link)]));
  });

const withEmbeddedExe = () =>
  pdfWith(async (pdf) => {
    await pdf.attach(Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(300)]), 'setup.exe', { mimeType: 'application/octet-stream', description: 'Installer' });
  });

/** Upload, make a document, seal it: the GraphQL answer and the document's id. */
async function sealBytes(bytes: Uint8Array, name: string) {
  const doc = await createDocumentVia(pro.accessToken, { name, fileHash: await uploaded(bytes, name, pro.accessToken) });
  const res = await gql(SEAL, { token: pro.accessToken, variables: { input: { documentId: doc.id, credentialId: pro.credentialId } } });
  return { res, documentId: doc.id as string };
}

async function expectNotSealed(documentId: string) {
  const res = await gql(DOCUMENT, { token: pro.accessToken, variables: { id: documentId } });
  expect(res.body.data!.document).toEqual({ status: 'DRAFT', versionCount: 1, currentVersion: { versionNumber: 1, seal: null } });
  expect(await db().seal.count({ where: { documentId } })).toBe(0);
}

describe('active content in a PDF', () => {
  const cases: Array<[string, () => Promise<Uint8Array>, (view: Awaited<ReturnType<typeof pdfjsView>>) => void, string]> = [
    ['open-action.pdf', withOpenActionJs, (view) => expect(view.jsActions).toEqual({ OpenAction: ['app.alert("hello")'] }), 'JavaScript in /OpenAction'],
    ['launch.pdf', withLaunchAction, (view) => expect(view.annotations.map((a) => a.subtype)).toEqual(['Link']), 'a launch action'],
    ['attached.pdf', withEmbeddedExe, (view) => expect(Object.keys(view.attachments ?? {})).toEqual(['setup.exe']), 'an embedded executable (setup.exe)'],
  ];

  for (const [name, make, check, words] of cases) {
    it(`refuses to seal ${name} with BAD_USER_INPUT naming "${words}"; the document stays a DRAFT without a seal`, async () => {
      const bytes = await make();
      check(await pdfjsView(bytes));
      const { res, documentId } = await sealBytes(bytes, name);
      expect(res.body.data?.sealDocument ?? null).toBeNull();
      expect(res.body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(res.body.errors?.[0].message).toBe(`The PDF cannot be sealed: it contains ${words}. Remove it (for example print to PDF) and upload it again`);
      await expectNotSealed(documentId);
    });
  }

  it("finds an embedded program by its first bytes (ELF) whatever its name, and JavaScript in a page's /AA and the /JavaScript name tree", async () => {
    const bytes = await pdfWith(async (pdf) => {
      await pdf.attach(Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), crypto.randomBytes(200)]), 'notes.txt', { mimeType: 'text/plain' });
      const open = pdf.context.register(pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('this.print()') }));
      pdf.getPage(0).node.set(PDFName.of('AA'), pdf.context.obj({ O: open }));
      const names = pdf.context.obj({});
      pdf.catalog.set(PDFName.of('Names'), pdf.context.register(names));
      const script = pdf.context.register(pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('var x = 1;') }));
      names.set(PDFName.of('JavaScript'), pdf.context.obj({ Names: [PDFString.of('init'), script] }));
    });
    const view = await pdfjsView(bytes);
    expect(Object.keys(view.attachments ?? {})).toEqual(['notes.txt']);
    expect(view.jsActions).toEqual({ init: ['var x = 1;'] });
    const facts = await inspectFile(async () => bytes, 'application/pdf', 'mixed.pdf');
    expect(facts.activeContent).toEqual(['JavaScript in /AA (an additional action)', 'JavaScript in the document-level /JavaScript name tree', 'an embedded executable (notes.txt)']);
    const { res, documentId } = await sealBytes(bytes, 'mixed.pdf');
    expect(res.body.errors?.[0].message).toBe(
      'The PDF cannot be sealed: it contains JavaScript in /AA (an additional action), JavaScript in the document-level /JavaScript name tree and an embedded executable (notes.txt). Remove it (for example print to PDF) and upload it again',
    );
    await expectNotSealed(documentId);
  });

  it("the upload's inspection reports what it found, and nothing for a clean PDF, which still seals", async () => {
    expect((await inspectFile(async () => withOpenActionJs(), 'application/pdf', 'a.pdf')).activeContent).toEqual(['JavaScript in /OpenAction']);
    const clean = await samplePdf(1, 'Clean plan');
    expect((await inspectFile(async () => clean, 'application/pdf', 'clean.pdf')).activeContent).toEqual([]);
    const { res } = await sealBytes(clean, 'clean.pdf');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data!.sealDocument).toMatchObject({ verificationCode: expect.stringMatching(/^[a-z0-9]{12}$/), document: { status: 'SEALED', versionCount: 2 } });
  });
});
