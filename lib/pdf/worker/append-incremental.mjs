// @ts-check
/**
 * An incremental update for a PDF changed with pdf-lib: the original bytes stay as they are,
 * and only the objects added or changed since a snapshot are appended, with a cross-reference
 * section that points back to the original's (/Prev). A signature already in the file keeps
 * covering exactly the bytes it signed, so it stays valid; what follows it is a later revision.
 * pdf-lib itself can only rewrite a whole file.
 */
import crypto from 'node:crypto';
import { PDFArray, PDFRef } from 'pdf-lib';
/** @typedef {import('pdf-lib').PDFDocument} PDFDocument */
/** @typedef {import('pdf-lib').PDFObject} PDFObject */
/** @typedef {Map<string, string>} ObjectSnapshot */

/** @param {PDFRef} ref */
const key = (ref) => `${ref.objectNumber} ${ref.generationNumber}`;

/**
 * @param {PDFObject} object
 * @returns {Uint8Array}
 */
function serialize(object) {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

/** @param {Uint8Array} bytes */
const digest = (bytes) => crypto.createHash('sha256').update(bytes).digest('base64');

/**
 * The state of every object as loaded: what `saveIncremental` compares against. New objects
 * are numbered past the original's /Size: pdf-lib does not count the object streams it
 * unpacked, and reusing one of their numbers would break the objects compressed in it.
 * @param {PDFDocument} doc
 * @param {Uint8Array} original
 * @returns {ObjectSnapshot}
 */
export function snapshotObjects(doc, original) {
  const base = Buffer.from(original.buffer, original.byteOffset, original.byteLength);
  const { offset, stream } = lastXref(base);
  // The /Size of the last section: in the stream's dictionary, or in the trailer after the table.
  const from = stream ? offset : Math.max(offset, base.indexOf('trailer', offset));
  const size = Number(/\/Size\s+(\d+)/.exec(base.subarray(from, from + 4096).toString('latin1'))?.[1] ?? 0);
  doc.context.largestObjectNumber = Math.max(doc.context.largestObjectNumber, size - 1);
  /** @type {ObjectSnapshot} */
  const snapshot = new Map();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) snapshot.set(key(ref), digest(serialize(object)));
  return snapshot;
}

/**
 * Where the original's last cross-reference section starts, and whether it is a stream (PDF 1.5+).
 * @param {Buffer} original
 * @returns {{ offset: number; stream: boolean }}
 */
function lastXref(original) {
  const tail = original.subarray(Math.max(0, original.length - 2048)).toString('latin1');
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail) ?? [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1);
  if (!match) throw new Error('The PDF has no startxref');
  const offset = Number(match[1]);
  const stream = !original
    .subarray(offset, offset + 4)
    .toString('latin1')
    .startsWith('xref');
  return { offset, stream };
}

/**
 * Consecutive runs of object numbers, as cross-reference subsections want them.
 * @param {number[]} numbers
 * @returns {Array<[number, number]>}
 */
function runs(numbers) {
  /** @type {Array<[number, number]>} */
  const out = [];
  for (const n of numbers) {
    const last = out.at(-1);
    if (last && last[0] + last[1] === n) last[1] += 1;
    else out.push([n, 1]);
  }
  return out;
}

/**
 * The original bytes followed by one incremental update holding every object that is new or
 * differs from `snapshot`. The cross-reference section is of the original's kind: a table after
 * a table, a stream after a stream.
 * @param {Uint8Array} original
 * @param {PDFDocument} doc
 * @param {ObjectSnapshot} snapshot
 * @returns {Promise<Uint8Array>}
 */
export async function saveIncremental(original, doc, snapshot) {
  await doc.flush(); // embed the fonts, images and pages drawn with (pdf-lib does this in save())
  const base = Buffer.from(original.buffer, original.byteOffset, original.byteLength);
  const prev = lastXref(base);
  const changed = doc.context
    .enumerateIndirectObjects()
    .filter(([ref, object]) => snapshot.get(key(ref)) !== digest(serialize(object)))
    .sort(([a], [b]) => a.objectNumber - b.objectNumber);

  /** @type {Buffer[]} */
  const parts = [base];
  let offset = base.length;
  /** @param {Buffer | Uint8Array | string} chunk */
  const push = (chunk) => {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : Buffer.from(chunk);
    parts.push(b);
    offset += b.length;
  };
  if (base[base.length - 1] !== 0x0a && base[base.length - 1] !== 0x0d) push('\n');

  /** @type {Array<{ number: number; generation: number; offset: number }>} */
  const entries = [];
  for (const [ref, object] of changed) {
    entries.push({ number: ref.objectNumber, generation: ref.generationNumber, offset });
    push(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    push(serialize(object));
    push('\nendobj\n');
  }

  const { Root, Info, ID } = doc.context.trailerInfo;
  if (!(Root instanceof PDFRef)) throw new Error('The PDF has no catalog reference');
  const trailerEntries = [
    `/Root ${Root.toString()}`,
    ...(Info instanceof PDFRef ? [`/Info ${Info.toString()}`] : []),
    ...(ID instanceof PDFArray ? [`/ID ${ID.toString()}`] : []),
    `/Prev ${prev.offset}`,
  ];
  const xrefOffset = offset;

  if (!prev.stream) {
    let size = doc.context.largestObjectNumber + 1;
    for (const e of entries) size = Math.max(size, e.number + 1);
    let table = 'xref\n';
    const byNumber = new Map(entries.map((e) => [e.number, e]));
    for (const [start, count] of runs(entries.map((e) => e.number))) {
      table += `${start} ${count}\n`;
      for (let n = start; n < start + count; n++) {
        const e = /** @type {{ number: number; generation: number; offset: number }} */ (byNumber.get(n));
        table += `${String(e.offset).padStart(10, '0')} ${String(e.generation).padStart(5, '0')} n\r\n`;
      }
    }
    push(table);
    push(`trailer\n<< /Size ${size} ${trailerEntries.join(' ')} >>\nstartxref\n${xrefOffset}\n%%EOF\n`);
  } else {
    // A cross-reference stream, itself the update's last object: type 1 entries, offsets in 4 bytes.
    const self = doc.context.largestObjectNumber + 1;
    const all = [...entries, { number: self, generation: 0, offset: xrefOffset }].sort((a, b) => a.number - b.number);
    const data = Buffer.alloc(all.length * 7);
    all.forEach((e, i) => {
      data.writeUInt8(1, i * 7);
      data.writeUInt32BE(e.offset, i * 7 + 1);
      data.writeUInt16BE(e.generation, i * 7 + 5);
    });
    const index = runs(all.map((e) => e.number))
      .flat()
      .join(' ');
    push(`${self} 0 obj\n<< /Type /XRef /Size ${self + 1} /W [1 4 2] /Index [${index}] ${trailerEntries.join(' ')} /Length ${data.length} >>\nstream\n`);
    push(data);
    push(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`);
  }
  const out = Buffer.concat(parts);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
