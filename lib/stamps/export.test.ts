import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { exportStamp, STAMP_EXPORT_FORMATS } from './export.ts';
import { parseStampRequest } from './render.ts';

const request = parseStampRequest({ name: 'Dana Demo', license: '2020012345', state: 'MO', profession: 'engineer' });

describe('exportStamp', () => {
  it('exports PNG, JPEG and TIFF at 300 dpi in each size, and a vector PDF page of that size', async () => {
    for (const [size, inches] of [
      ['small', 1],
      ['medium', 1.5],
      ['large', 2],
    ] as const) {
      for (const format of STAMP_EXPORT_FORMATS) {
        const file = await exportStamp(request, format, size);
        if (format === 'PDF') {
          expect(file).toMatchObject({ filename: 'stamp.pdf', contentType: 'application/pdf' });
          const pdf = await PDFDocument.load(file.data);
          expect(pdf.getPage(0).getSize(), size).toEqual({ width: inches * 72, height: inches * 72 });
          expect(Buffer.from(file.data).toString('latin1')).not.toContain('/Image');
          continue;
        }
        const meta = await sharp(file.data).metadata();
        expect(meta.format, `${format} ${size}`).toBe({ PNG: 'png', JPEG: 'jpeg', TIFF: 'tiff' }[format]);
        expect([meta.width, meta.height], `${format} ${size}`).toEqual([inches * 300, inches * 300]);
        expect(Math.round(meta.density ?? 0), `${format} ${size} dpi`).toBe(300);
        expect(file.filename).toBe(`stamp.${{ PNG: 'png', JPEG: 'jpg', TIFF: 'tiff' }[format]}`);
      }
    }
  });

  it('puts JPEG on white, keeps PNG transparent around the seal, and draws ink in the middle', async () => {
    const jpeg = await sharp((await exportStamp(request, 'JPEG', 'small')).data)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...jpeg.data.subarray(0, 3)]).toEqual([255, 255, 255]);
    const png = await sharp((await exportStamp(request, 'PNG', 'small')).data)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(png.data[3]).toBe(0); // the corner pixel is transparent
    const stats = await sharp((await exportStamp(request, 'PNG', 'small')).data).stats();
    expect(stats.channels[3].max).toBe(255); // and the ring is drawn
  });
});
