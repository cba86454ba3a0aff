/** The file types the service takes, told by their first bytes, never by a name or a header. */
export type DocumentContentType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/tiff';

/** Bytes needed to tell a type (a PDF's header may follow up to 1 KB of junk, as readers allow). */
export const SNIFF_BYTES = 1024;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (head: Uint8Array, magic: number[]) => magic.every((b, i) => head[i] === b);

/** PDF, PNG, JPEG or TIFF from a file's first bytes; null for anything else. */
export function sniffContentType(head: Uint8Array): DocumentContentType | null {
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, SNIFF_BYTES)).includes('%PDF-')) return 'application/pdf';
  return null;
}

/** The file name extension of each type. */
export const EXTENSIONS: Record<DocumentContentType, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg', 'image/tiff': 'tif' };
