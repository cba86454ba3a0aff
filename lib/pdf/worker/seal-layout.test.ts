import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { helveticaWidth, sealLayout } from './seal-layout.mjs';
import type { FooterPosition, SealMarks } from './seal-layout.mjs';

describe('seal layout', () => {
  it('measures text in Helvetica glyph by glyph, as drawText draws it and the dashboard previews it', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(font.name).toBe('Helvetica');
    let ascii = '';
    for (let c = 32; c < 127; c++) ascii += String.fromCharCode(c);
    const texts = [ascii, 'Sealed by Zoë Müller-Ortíz, Civil Engineer 12345 (TX) on 2026-11-30 \u00b7 verify at https://sealwright.example/verify/abcdefghij12', 'O\u2019Brien \u2013 \u2014'];
    for (const text of texts) {
      const glyphByGlyph = [...text].reduce((sum, ch) => sum + font.widthOfTextAtSize(ch, 7), 0);
      expect(helveticaWidth(text, 7)).toBeCloseTo(glyphByGlyph, 6);
    }
  });

  it('puts the stamp, the QR code and the text of each footer position where the numbers say', () => {
    const url = 'http://127.0.0.1:39017/verify/k3v9x0a2b7qz';
    const footer = `Sealed by Jordan Ellis, Civil Engineer 12345 (TX) on 2026-11-30 \u00b7 verify at ${url}`;
    const page = { width: 792, height: 612 };
    const at = (footerPosition: FooterPosition) =>
      sealLayout(page, { positionX: 0.5, positionY: 0.5, size: 108, footer, verificationUrl: url, footerPosition }, helveticaWidth, { width: 200, height: 200 });
    const below = at('BELOW_STAMP');
    expect(below.stamp).toEqual([396 - 54, 306 - 54, 108, 108]);
    // Under the stamp, no wider than it.
    expect(below.footerBox[1] + below.footerBox[3]).toBeLessThanOrEqual(below.stamp[1]);
    expect(below.footerBox[0]).toBeGreaterThanOrEqual(below.stamp[0]);
    expect(below.footerBox[0] + below.footerBox[2]).toBeLessThanOrEqual(below.stamp[0] + 108 + 1e-9);
    expect(below.qr[2]).toBeLessThanOrEqual(108 * 0.45);
    // Corners: a 40 pt QR code 14 pt in, the text beside it towards the page's middle.
    expect(at('BOTTOM_LEFT').qr).toEqual([14, 14, 40, 40]);
    expect(at('TOP_RIGHT').qr).toEqual([792 - 54, 612 - 54, 40, 40]);
    expect(at('TOP_LEFT').lines[0]!.x).toBe(14 + 40 + 6);
    const right = at('BOTTOM_RIGHT');
    expect(right.footerBox[0] + right.footerBox[2]).toBeCloseTo(792 - 14, 9);
  });

  it('keeps the stamp whole on the page', () => {
    const placement = {
      positionX: 1,
      positionY: 0,
      size: 108,
      footer: 'Sealed by A \u00b7 verify at https://x.test/verify/abc',
      verificationUrl: 'https://x.test/verify/abc',
      footerPosition: 'BOTTOM_LEFT' as const,
    };
    const layout = sealLayout({ width: 612, height: 792 }, placement, helveticaWidth, { width: 100, height: 100 });
    expect(layout.stamp).toEqual([612 - 108, 792 - 108, 108, 108]);
  });
});

describe('the board’s signature and date lines', () => {
  const url = 'https://x.test/verify/k3v9x0a2b7qz';
  const footer = `Sealed by Jordan Ellis, Architect 12345 (TX) on 2026-11-30 \u00b7 verify at ${url}`;
  const overlaps = (a: number[], b: number[]) => a[0]! < b[0]! + b[2]! && b[0]! < a[0]! + a[2]! && a[1]! < b[1]! + b[3]! && b[1]! < a[1]! + a[3]!;
  const at = (positionX: number, positionY: number, marks: SealMarks | null, page = { width: 612, height: 792 }) =>
    sealLayout(page, { positionX, positionY, size: 108, footer, verificationUrl: url, footerPosition: 'BELOW_STAMP', marks }, helveticaWidth, { width: 100, height: 100 });
  const both: SealMarks = { signature: true, signedBy: 'Jordan Ellis', date: '2026-11-30' };

  it('draws nothing where the rule asks for neither', () => {
    expect(at(0.5, 0.5, null).marks).toBeNull();
    expect(at(0.5, 0.5, { signature: false, date: null }).marks).toBeNull();
  });

  it('puts a signature line and a date line beside the stamp, on the page, clear of the stamp and the footer', () => {
    for (const [x, y] of [
      [0.5, 0.5],
      [0.85, 0.85],
      [0.1, 0.1],
      [0.98, 0.02],
      [0.5, 0.98],
    ] as const) {
      const layout = at(x, y, both);
      const m = layout.marks!;
      expect(m.rules).toHaveLength(2);
      expect(m.texts.map((t) => t.text)).toEqual(['Digitally signed by Jordan Ellis', 'Signature', '2026-11-30', 'Date']);
      const [bx, by, bw, bh] = m.box;
      expect(bx).toBeGreaterThanOrEqual(0);
      expect(by).toBeGreaterThanOrEqual(0);
      expect(bx + bw).toBeLessThanOrEqual(612 + 1e-9);
      expect(by + bh).toBeLessThanOrEqual(792 + 1e-9);
      expect(overlaps(m.box, layout.stamp), `(${x}, ${y}) over the stamp`).toBe(false);
      expect(overlaps(m.box, layout.footerBox), `(${x}, ${y}) over the footer`).toBe(false);
      for (const r of m.rules) expect(r.y).toBeGreaterThan(by);
    }
    // Right of the stamp when there is room, left of it at the page's right edge.
    const middle = at(0.5, 0.5, both);
    expect(middle.marks!.box[0]).toBeGreaterThan(middle.stamp[0] + middle.stamp[2]);
    const right = at(0.9, 0.5, both);
    expect(right.marks!.box[0] + right.marks!.box[2]).toBeLessThan(right.stamp[0]);
  });

  it('leaves the signature line blank without a digital signer, and shrinks a long name to the line', () => {
    const blank = at(0.5, 0.5, { signature: true, signedBy: null, date: null }).marks!;
    expect(blank.rules).toHaveLength(1);
    expect(blank.texts.map((t) => t.text)).toEqual(['Signature']);
    const long = 'Maximiliana Bartholomew-Featherstonehaugh Vanderbilt-Worthington III';
    const named = at(0.5, 0.5, { signature: true, signedBy: long, date: null }).marks!;
    const over = named.texts[0]!;
    expect(over.x + helveticaWidth(over.text, over.size)).toBeLessThanOrEqual(named.rules[0]!.x2 + 1e-9);
  });
});
