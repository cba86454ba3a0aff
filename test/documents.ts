/** Helpers for document tests: files sent with uploadFile over real multipart requests, and documents made from them. */
import crypto from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { gql, GRAPHQL_URL, nextClientIp, POST } from './graphql.ts';

export const UPLOAD_FILE = 'mutation($file: Upload!) { uploadFile(file: $file) { filename fileHash size contentType } }';

/** Send bytes with uploadFile (multipart, as the interface documents do); the parsed answer. */
export async function uploadBytes(bytes: Uint8Array, filename: string, token?: string, clientAddress = nextClientIp()): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: UPLOAD_FILE, variables: { file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new File([bytes as Uint8Array<ArrayBuffer>], filename, { type: 'application/octet-stream' }));
  const headers: Record<string, string> = { 'x-forwarded-for': clientAddress };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await POST(new Request(GRAPHQL_URL, { method: 'POST', headers, body: form }));
  return { status: res.status, body: await res.json() };
}

/** Upload bytes and return their fileHash (throws when the upload was refused). */
export async function uploaded(bytes: Uint8Array, filename: string, token: string): Promise<string> {
  const res = await uploadBytes(bytes, filename, token);
  if (res.body.errors) throw new Error(`upload refused: ${JSON.stringify(res.body.errors)}`);
  return res.body.data.uploadFile.fileHash;
}

/** A small PDF of its own (unique bytes), letter-sized pages. */
export async function samplePdf(pages = 1, label = 'Sheet'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const unique = crypto.randomUUID();
  for (let i = 0; i < pages; i++) pdf.addPage([612, 792]).drawText(`${label} ${i + 1} ${unique}`, { x: 72, y: 700 });
  return pdf.save();
}

export const DOCUMENT_FIELDS = 'id name description status visibility folderId organizationId versionCount hasVersions downloadUrl currentVersion { id versionNumber fileHash }';

/** createDocument through GraphQL; the document, or throws with the errors. */
export async function createDocumentVia(token: string, input: Record<string, unknown>, fields = DOCUMENT_FIELDS): Promise<any> {
  const res = await gql(`mutation($input: CreateDocumentInput!) { createDocument(input: $input) { ${fields} } }`, { token, variables: { input } });
  if (res.body.errors) throw new Error(`createDocument refused: ${JSON.stringify(res.body.errors)}`);
  return res.body.data!.createDocument;
}

export const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
