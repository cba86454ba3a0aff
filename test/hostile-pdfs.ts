/** PDFs built byte by byte for tests of what an upload may cost: small on disk, huge once decoded. */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/** A PDF of these numbered objects (1 is the catalog), with a classic xref table. */
export function pdfOf(objects: Map<number, Buffer>): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let length = parts[0].length;
  const offsets: number[] = [];
  const ids = [...objects.keys()].sort((a, b) => a - b);
  for (const id of ids) {
    offsets[id] = length;
    const obj = Buffer.concat([Buffer.from(`${id} 0 obj\n`), objects.get(id)!, Buffer.from('\nendobj\n')]);
    parts.push(obj);
    length += obj.length;
  }
  const size = ids[ids.length - 1] + 1;
  const xref = ['xref', `0 ${size}`, '0000000000 65535 f ', ...Array.from({ length: size - 1 }, (_, i) => `${String(offsets[i + 1] ?? 0).padStart(10, '0')} 00000 n `)].join('\n');
  parts.push(Buffer.from(`${xref}\ntrailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** A stream object: its dictionary entries (besides /Length), then the bytes. */
export function streamObject(dict: string, bytes: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${bytes.length} >>\nstream\n`), bytes, Buffer.from('\nendstream')]);
}

/** `size` zero bytes through zlib (FlateDecode's format), fed a megabyte at a time: never `size` bytes in memory. */
export async function deflatedZeros(size: number): Promise<Buffer> {
  const mb = Buffer.alloc(1024 * 1024);
  async function* zeros() {
    for (let left = size; left > 0; left -= mb.length) yield mb.subarray(0, Math.min(left, mb.length));
  }
  const out: Buffer[] = [];
  await pipeline(Readable.from(zeros()), zlib.createDeflate({ level: 9 }), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) out.push(chunk);
  });
  return Buffer.concat(out);
}

/** A one-page PDF whose page draws these content streams (each a stream object's dictionary entries and bytes). */
export function pageWithContents(contents: Array<{ dict: string; bytes: Buffer }>): Uint8Array {
  const objects = new Map<number, Buffer>([
    [1, Buffer.from('<< /Type /Catalog /Pages 2 0 R >>')],
    [2, Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>')],
    [3, Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [${contents.map((_, i) => `${10 + i} 0 R`).join(' ')}] >>`)],
  ]);
  contents.forEach(({ dict, bytes }, i) => objects.set(10 + i, streamObject(dict, bytes)));
  return pdfOf(objects);
}

/** 5,000 pages sharing one content stream and one font: 600 KB. */
export function manyPages(count = 5000): Uint8Array {
  const objects = new Map<number, Buffer>([
    [1, Buffer.from('<< /Type /Catalog /Pages 2 0 R >>')],
    [2, Buffer.from(`<< /Type /Pages /Kids [${Array.from({ length: count }, (_, i) => `${i + 10} 0 R`).join(' ')}] /Count ${count} >>`)],
    [3, streamObject('', Buffer.from('BT /F1 12 Tf 72 700 Td (Specification page) Tj ET'))],
    [4, Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')],
  ]);
  for (let i = 0; i < count; i++) objects.set(i + 10, Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>'));
  return pdfOf(objects);
}
