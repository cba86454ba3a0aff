/**
 * A drawing set for the benchmarks (bench:seal, bench:concurrency): ARCH D sheets with a grid,
 * linework, room labels and a title block with a logo (one image shared by every sheet), made
 * with pdf-lib and saved the default way. Deterministic: every run draws the same set.
 */
import sharp from 'sharp';
import { PDFDocument, StandardFonts, closePath, lineTo, moveTo, popGraphicsState, pushGraphicsState, rgb, setLineWidth, setStrokingGrayscaleColor, stroke } from 'pdf-lib';
import type { PDFOperator } from 'pdf-lib';
import { prng } from '../lib/prng.ts';

/** A drawing set of `pages` ARCH D sheets (36 × 24 in), saved with pdf-lib's defaults. */
export async function drawingSet(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Riverside Commons, Building B: Structural');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // A firm's logo, one image shared by every sheet.
  const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160"><rect width="480" height="160" fill="#fff"/><circle cx="80" cy="80" r="64" fill="#1f4e79"/><path d="M40 110 L80 40 L120 110 Z" fill="#f2c14e"/><rect x="170" y="50" width="280" height="22" fill="#1f4e79"/><rect x="170" y="90" width="200" height="16" fill="#7f7f7f"/></svg>`;
  const logo = await doc.embedPng(await sharp(Buffer.from(logoSvg)).png().toBuffer());
  const W = 2592;
  const H = 1728;
  const rand = prng(20261123);
  const num = (v: number) => Math.round(v * 100) / 100;
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([W, H]);
    const ops: PDFOperator[] = [pushGraphicsState()];
    // Sheet border and the grid lines (every 6 ft at 1/8" = 1'-0").
    ops.push(setLineWidth(2), setStrokingGrayscaleColor(0), moveTo(36, 36), lineTo(W - 36, 36), lineTo(W - 36, H - 36), lineTo(36, H - 36), closePath(), stroke());
    ops.push(setLineWidth(0.35), setStrokingGrayscaleColor(0.6));
    for (let x = 108; x < W - 468; x += 54) ops.push(moveTo(x, 72), lineTo(x, H - 72));
    for (let y = 108; y < H - 72; y += 54) ops.push(moveTo(72, y), lineTo(W - 468, y));
    ops.push(stroke());
    // Linework: walls and beams, then dimension ticks.
    ops.push(setLineWidth(1.2), setStrokingGrayscaleColor(0));
    for (let i = 0; i < 400; i++) {
      const x = 90 + rand() * (W - 600);
      const y = 90 + rand() * (H - 200);
      const len = 20 + rand() * 300;
      ops.push(moveTo(num(x), num(y)), rand() < 0.5 ? lineTo(num(Math.min(x + len, W - 480)), num(y)) : lineTo(num(x), num(Math.min(y + len, H - 80))));
    }
    ops.push(stroke(), setLineWidth(0.5));
    for (let i = 0; i < 150; i++) {
      const x = 90 + rand() * (W - 600);
      const y = 90 + rand() * (H - 200);
      ops.push(moveTo(num(x - 4), num(y - 4)), lineTo(num(x + 4), num(y + 4)));
    }
    ops.push(stroke());
    // Title block down the right edge.
    const tx = W - 432;
    ops.push(setLineWidth(1.5), moveTo(tx, 36), lineTo(tx, H - 36));
    for (const y of [216, 324, 432, 540, 1296]) ops.push(moveTo(tx, y), lineTo(W - 36, y));
    ops.push(stroke(), popGraphicsState());
    page.pushOperators(...ops);
    page.drawImage(logo, { x: tx + 36, y: 1350, width: 324, height: 108 });
    page.drawText('RIVERSIDE COMMONS', { x: tx + 24, y: 1240, size: 22, font: bold });
    page.drawText('BUILDING B', { x: tx + 24, y: 1210, size: 16, font: regular });
    page.drawText(`Framing plan, level ${(p % 12) + 1}`, { x: tx + 24, y: 500, size: 16, font: regular });
    page.drawText('Drawn: KM   Checked: JN   Scale: 1/8" = 1\'-0"', { x: tx + 24, y: 380, size: 11, font: regular });
    page.drawText('Date: 2026-11-23   Project no. 2026-117', { x: tx + 24, y: 350, size: 11, font: regular });
    page.drawText(`S-${String(101 + p)}`, { x: tx + 24, y: 250, size: 48, font: bold });
    for (let i = 0; i < 30; i++) {
      page.drawText(`${['BEAM', 'COL', 'OFFICE', 'CORR', 'STAIR', 'MECH'][i % 6]} ${100 + Math.floor(rand() * 900)}`, {
        x: 120 + rand() * (W - 800),
        y: 120 + rand() * (H - 260),
        size: 9,
        font: regular,
        color: rgb(0.15, 0.15, 0.15),
      });
    }
    for (let i = 0; i < 8; i++) page.drawText(`${i + 1}. All work shall conform to the governing building code and the project specifications.`, { x: 90, y: 180 - i * 13, size: 9, font: regular });
  }
  return doc.save();
}

/**
 * A light set of `pages` letter pages of text (a project manual's specification sections): one
 * font, a heading and about forty lines a page, no images, saved with pdf-lib's defaults. What a
 * seal's fixed cost shows on best, since loading and saving it costs little. Deterministic.
 */
export async function lightSet(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Riverside Commons, Building B: Project Manual');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const rand = prng(20261124);
  const words = [
    'concrete',
    'shall',
    'reinforcing',
    'steel',
    'conform',
    'to',
    'ASTM',
    'the',
    'contractor',
    'submit',
    'shop',
    'drawings',
    'for',
    'review',
    'before',
    'fabrication',
    'anchor',
    'bolts',
    'grout',
    'bearing',
    'plates',
    'and',
    'welds',
  ];
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`SECTION 03 ${String(30 + (p % 60)).padStart(2, '0')} 00`, { x: 72, y: 730, size: 12, font: bold });
    for (let line = 0; line < 40; line++) {
      let text = '';
      while (text.length < 80) text += `${words[Math.floor(rand() * words.length)]} `;
      page.drawText(text.trim(), { x: 72, y: 700 - line * 15, size: 10, font: regular });
    }
    page.drawText(`${p + 1}`, { x: 300, y: 40, size: 9, font: regular });
  }
  return doc.save();
}
