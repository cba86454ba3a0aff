/**
 * The sealing step follows the board's signature and date rule (templates/data/board-rules.json
 * `requires.signature` / `requires.date`, issue 28 item 5): a Texas architect's seal gets a
 * signature line and the date of sealing beside the stamp, with the signer's name over the line
 * when a signing certificate signs; a Texas engineer's (no such rule) gets neither. Read back with
 * poppler: pdftotext for the words, pdftoppm for where they are.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { seedCredential, seedUser } from '../../prisma/factories.ts';
import { createDocumentVia, uploaded } from '../../test/documents.ts';
import { gql } from '../../test/graphql.ts';
import { blobStore } from '../storage/index.ts';
import { sealingMarks } from '../stamps/board-rules.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-marks-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const DPI = 36;
const PX = DPI / 72;

async function sheet(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).drawText(`Sheet ${crypto.randomUUID()}`, { x: 60, y: 700, size: 10 });
  return pdf.save();
}

function render(bytes: Uint8Array): { width: number; height: number; pixels: Buffer } {
  const file = path.join(tmp, `${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  const out = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-r', String(DPI), '-gray', '-singlefile', file, out]);
  const pgm = fs.readFileSync(`${out}.pgm`);
  const header = pgm.toString('latin1', 0, 40).match(/^P5\s+(\d+)\s+(\d+)\s+255\s/)!;
  return { width: Number(header[1]), height: Number(header[2]), pixels: pgm.subarray(header[0].length) };
}

const SEAL = 'mutation($input: SealDocumentInput!) { sealDocument(input: $input) { documentHash sealedAt } }';

async function sealAs(licenseType: string, withCertificate: boolean) {
  const user = await seedUser({ planLevel: 'TEAM', displayName: 'Jordan Ellis' });
  const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId, displayName: 'Jordan Ellis', regionCode: 'TX', licenseType });
  let signingCertificateId: string | undefined;
  if (withCertificate) {
    const cert = await gql('mutation($i: RequestSigningCertificateInput!) { requestSigningCertificate(input: $i) { id } }', {
      token: user.accessToken,
      variables: { i: { name: 'Mine', credentialId: credential.id } },
    });
    expect(cert.body.errors).toBeUndefined();
    signingCertificateId = cert.body.data!.requestSigningCertificate.id;
  }
  const original = await sheet();
  const doc = await createDocumentVia(user.accessToken, { name: 'Sheet', fileHash: await uploaded(original, 'sheet.pdf', user.accessToken) });
  // The stamp centred at (306, 396) pt, 108 pt across.
  const res = await gql(SEAL, { token: user.accessToken, variables: { input: { documentId: doc.id, credentialId: credential.id, positionX: 0.5, positionY: 0.5, size: 108, signingCertificateId } } });
  expect(res.body.errors).toBeUndefined();
  const sealed = new Uint8Array((await blobStore().read(res.body.data!.sealDocument.documentHash))!);
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: sealed, encoding: 'utf8' });
  return { original, sealed, text, date: String(res.body.data!.sealDocument.sealedAt).slice(0, 10) };
}

describe('the board’s signature and date lines in the sealing step', () => {
  it('reads the rule: Texas architects sign and date their seal, Texas engineers’ rule asks for neither', () => {
    expect(sealingMarks('TX', 'architect')).toEqual({ signature: true, date: true });
    expect(sealingMarks('TX', 'engineer')).toEqual({ signature: false, date: false });
  });

  it('draws a signature line and the date of sealing beside a Texas architect’s stamp', async () => {
    const { original, sealed, text, date } = await sealAs('architect', false);
    expect(text).toMatch(/Signature/);
    expect(text).toMatch(/Date/);
    expect(text).toContain(date);
    // No digital signer: the line is left to be signed by hand.
    expect(text).not.toMatch(/Digitally signed/);
    // The lines are drawn right of the stamp (which ends at 360 pt), level with it, and nowhere else outside the stamp and its footer.
    const before = render(original);
    const after = render(sealed);
    let right = 0;
    for (let y = 0; y < after.height; y++)
      for (let x = 0; x < after.width; x++) {
        if (Math.abs(after.pixels[y * after.width + x]! - before.pixels[y * before.width + x]!) <= 48) continue;
        if (x > 362 * PX) {
          right++;
          expect(x).toBeLessThanOrEqual((360 + 8 + 110 + 2) * PX);
          expect(y).toBeGreaterThanOrEqual((396 - 40) * PX);
          expect(y).toBeLessThanOrEqual((396 + 40) * PX);
        }
      }
    expect(right, 'pixels of the signature and date lines').toBeGreaterThan(100);
  });

  it('writes the digital signer’s name over the signature line when a signing certificate signs', async () => {
    const { text, sealed, date } = await sealAs('architect', true);
    expect(text).toMatch(/Digitally signed by Jordan Ellis/);
    expect(text).toContain(date);
    const file = path.join(tmp, 'signed.pdf');
    fs.writeFileSync(file, sealed);
    expect(execFileSync('pdfsig', [file], { encoding: 'utf8' })).toContain('Signature is Valid.');
  });

  it('adds nothing where the board’s rule asks for neither', async () => {
    const { text } = await sealAs('engineer', false);
    expect(text).not.toMatch(/Signature|Digitally signed/);
    expect(text).not.toMatch(/\bDate\b/);
  });
});
