/**
 * footerPosition, read off the page as a reader sees it: the sealed page and the original are
 * rendered by poppler (pdftoppm), and every pixel the seal changed outside the stamp must lie
 * where the position says: directly under the stamp and no wider than it (BELOW_STAMP), or in
 * the corner asked. The drawing's border, outside those boxes, is untouched.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { seedCredential, seedUser } from '../../prisma/factories.ts';
import { createDocumentVia, uploaded } from '../../test/documents.ts';
import { gql } from '../../test/graphql.ts';
import { blobStore } from '../storage/index.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-footer-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const DPI = 36; // half a pixel per point: a letter page is 306 × 396 pixels
const PX = DPI / 72;

/** A letter sheet with a drawing border 18 pt inside its edge, as title-block sheets have. */
async function borderedSheet(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  page.drawRectangle({ x: 18, y: 18, width: 576, height: 756, borderColor: rgb(0, 0, 0), borderWidth: 2 });
  page.drawText(`Sheet ${crypto.randomUUID()}`, { x: 60, y: 700, size: 10 });
  return pdf.save();
}

/** The page as grey pixels (PGM from pdftoppm). */
function render(bytes: Uint8Array): { width: number; height: number; pixels: Buffer } {
  const file = path.join(tmp, `${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  const out = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-r', String(DPI), '-gray', '-singlefile', '-f', '1', '-l', '1', file, out]);
  const pgm = fs.readFileSync(`${out}.pgm`);
  const header = pgm.toString('latin1', 0, 40).match(/^P5\s+(\d+)\s+(\d+)\s+255\s/);
  if (!header) throw new Error('not a PGM');
  return { width: Number(header[1]), height: Number(header[2]), pixels: pgm.subarray(header[0].length) };
}

/** The pixels (x, y from the top-left) that differ between two renders. */
function changed(a: ReturnType<typeof render>, b: ReturnType<typeof render>): [number, number][] {
  const out: [number, number][] = [];
  for (let y = 0; y < a.height; y++) for (let x = 0; x < a.width; x++) if (Math.abs(a.pixels[y * a.width + x]! - b.pixels[y * b.width + x]!) > 48) out.push([x, y]);
  return out;
}

describe('footerPosition', () => {
  it('puts the verification line and QR code under the stamp by default, or in the corner asked, and leaves the border alone', async () => {
    const user = await seedUser({ planLevel: 'TEAM', displayName: 'Jordan Ellis' });
    const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId, displayName: 'Jordan Ellis' });
    // The stamp in the middle of the sheet: 108 pt across, centred at (306, 396) pt.
    const stamp = { x0: (306 - 54) * PX, x1: (306 + 54) * PX, y0: (396 - 54) * PX, y1: (396 + 54) * PX };
    const inStamp = ([x, y]: [number, number]) => x >= stamp.x0 - 1 && x <= stamp.x1 + 1 && y >= stamp.y0 - 1 && y <= stamp.y1 + 1;
    const cases: [string | undefined, (p: [number, number], page: { width: number; height: number }) => boolean][] = [
      // Under the stamp, no wider than it, within 70 pt of its bottom.
      [undefined, ([x, y]) => x >= stamp.x0 - 1 && x <= stamp.x1 + 1 && y > stamp.y1 && y <= stamp.y1 + 70 * PX],
      ['BELOW_STAMP', ([x, y]) => x >= stamp.x0 - 1 && x <= stamp.x1 + 1 && y > stamp.y1 && y <= stamp.y1 + 70 * PX],
      ['BOTTOM_LEFT', ([x, y], p) => x < p.width * 0.75 && y > p.height - 60 * PX],
      ['BOTTOM_RIGHT', ([x, y], p) => x > p.width * 0.25 && y > p.height - 60 * PX],
      ['TOP_LEFT', ([x, y], p) => x < p.width * 0.75 && y < 60 * PX],
      ['TOP_RIGHT', ([x, y], p) => x > p.width * 0.25 && y < 60 * PX],
    ];
    for (const [footerPosition, where] of cases) {
      const original = await borderedSheet();
      const doc = await createDocumentVia(user.accessToken, { name: `Sheet ${footerPosition ?? 'default'}`, fileHash: await uploaded(original, 'sheet.pdf', user.accessToken) });
      const res = await gql('mutation($input: SealDocumentInput!) { sealDocument(input: $input) { documentHash verificationUrl } }', {
        token: user.accessToken,
        variables: { input: { documentId: doc.id, credentialId: credential.id, positionX: 0.5, positionY: 0.5, ...(footerPosition ? { footerPosition } : {}) } },
      });
      expect(res.body.errors).toBeUndefined();
      const sealed = new Uint8Array((await blobStore().read(res.body.data!.sealDocument.documentHash))!);
      const before = render(original);
      const after = render(sealed);
      const footer = changed(before, after).filter((p) => !inStamp(p));
      expect(footer.length, `${footerPosition}: the footer shows`).toBeGreaterThan(50);
      const astray = footer.filter((p) => !where(p, after));
      expect(astray, `${footerPosition ?? 'default'}: pixels changed outside its box`).toEqual([]);
      if (!footerPosition || footerPosition === 'BELOW_STAMP') {
        // The border (2 pt wide, 18 pt in) is exactly as drawn: the seal's boxes are away from it.
        const border = changed(before, after).filter(([x, y]) => Math.abs(x - 18 * PX) <= 2 || Math.abs(x - 594 * PX) <= 2 || Math.abs(y - 18 * PX) <= 2 || Math.abs(y - 774 * PX) <= 2);
        expect(border).toEqual([]);
      }
      const text = execFileSync('pdftotext', ['-', '-'], { input: sealed, encoding: 'utf8' }).replace(/\s+/g, '');
      expect(text).toContain(res.body.data!.sealDocument.verificationUrl);
      expect(text.includes('Sealedby')).toBe(Boolean(footerPosition && footerPosition !== 'BELOW_STAMP'));
    }
  });

  it('refuses a footerPosition that is not one of the five', async () => {
    const user = await seedUser({ planLevel: 'TEAM' });
    const res = await gql(
      'mutation { sealDocument(input: { documentId: "00000000-0000-4000-8000-000000000000", credentialId: "00000000-0000-4000-8000-000000000000", footerPosition: MIDDLE }) { id } }',
      {
        token: user.accessToken,
      },
    );
    expect(res.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
