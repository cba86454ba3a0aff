import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import type { PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import type { DocumentContentType } from '../storage/sniff.ts';

const deflate = promisify(zlib.deflate);

/** PDF's largest page side (user units), per ISO 32000-1 Annex C. */
const MAX_PAGE_POINTS = 14_400;

/** Images larger than this are refused when uploaded (lib/pdf/inspect-file.ts) and never converted. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/**
 * A one-page PDF showing an image at its natural size: its pixels at the resolution it
 * declares (72 per inch when it declares none), so a 300 dpi letter scan makes a letter page.
 * A JPEG goes in as it is (no re-encoding). PNG and TIFF (first page) are decoded by sharp and
 * written as one deflated image (DeviceGray for a grey or black-and-white scan, else
 * DeviceRGB; transparency over white, as it prints): native work, never a decoded copy in
 * JavaScript. An EXIF orientation is applied first.
 */
export async function imageToPdf(bytes: Uint8Array, contentType: Exclude<DocumentContentType, 'application/pdf'>, title: string): Promise<Uint8Array> {
  const input = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
  const meta = await input.metadata();
  const rotated = (meta.orientation ?? 1) > 1;
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator('Sealwright');
  pdf.setProducer('Sealwright');

  let image: { width: number; height: number; ref: PDFRef };
  if (contentType === 'image/jpeg' && !rotated) {
    const embedded = await pdf.embedJpg(bytes);
    image = { width: embedded.width, height: embedded.height, ref: embedded.ref };
  } else {
    const grey = meta.channels !== undefined && meta.channels <= 2;
    const { data, info } = await input
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace(grey ? 'b-w' : 'srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const xobject = pdf.context.stream(await deflate(data), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: info.width,
      Height: info.height,
      ColorSpace: info.channels === 1 ? 'DeviceGray' : 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    });
    image = { width: info.width, height: info.height, ref: pdf.context.register(xobject) };
  }

  const dpi = meta.density && meta.density > 0 ? meta.density : 72;
  const shrink = Math.min(1, MAX_PAGE_POINTS / (Math.max(image.width, image.height) * (72 / dpi)));
  const width = ((image.width * 72) / dpi) * shrink;
  const height = ((image.height * 72) / dpi) * shrink;
  const page = pdf.addPage([width, height]);
  const name = page.node.newXObject('Im', image.ref);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(width, 0, 0, height, 0, 0), drawObject(name), popGraphicsState());
  return pdf.save();
}
