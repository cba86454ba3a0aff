// @ts-check
/**
 * What each thread of the PDF pool runs (lib/pdf/pool.ts names this file by its path). Plain
 * JavaScript that imports pdf-lib and the rest from node_modules, so it loads the same way
 * under vitest, tsx, `next start` and the standalone server: it is never bundled, and
 * next.config.ts traces lib/pdf/worker/ and the packages it imports into the build.
 *
 * A task is { op, bytes, ... }; bytes arrive moved, not copied. Answers:
 * - 'read': what inspect-pdf.mjs answers ({ ok, ... }), never an error;
 * - 'thumbnail': the first page as a small PNG ({ png, width, height }, render-thumbnail.mjs);
 * - 'seal': the sealed bytes (moved back), or { failure: { code, message, log } } for a
 *   refusal in words (PdfFailure); anything else thrown is the main thread's to log;
 * - 'tool': a PDF tool's answer (tools/run-tool.mjs): { ok, result, pdf? } or { failure }.
 * - 'sealingCertificate': a seal's signed one-page certificate (sealing-certificate.mjs), moved back.
 */
import { move } from 'piscina';
import { inspectPdf } from './inspect-pdf.mjs';
import { PdfFailure } from './pdf-failure.mjs';
import { renderThumbnail } from './render-thumbnail.mjs';
import { sealPdf } from './seal-pdf.mjs';
import { renderSealingCertificate } from './sealing-certificate.mjs';
import { runTool } from './tools/run-tool.mjs';

/**
 * @typedef {{ op: 'read'; bytes: Uint8Array }} InspectTask
 * @typedef {{ op: 'seal'; bytes: Uint8Array; options: import('./seal-pdf.mjs').SealPdfOptions }} SealTask
 * @typedef {{ op: 'thumbnail'; bytes: Uint8Array; maxSide: number }} ThumbnailTask
 * @typedef {import('./tools/run-tool.mjs').ToolTask} ToolTask
 * @typedef {{ op: 'sealingCertificate'; bytes: Uint8Array; options: import('./sealing-certificate.mjs').SealingCertificateOptions }} SealingCertificateTask
 * @typedef {InspectTask | ThumbnailTask | SealTask | ToolTask | SealingCertificateTask} PdfTask
 */

/**
 * Bytes of their own, so moving them detaches nothing else (a Buffer may share a larger one).
 * @param {Uint8Array} bytes
 */
function owned(bytes) {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/** @param {PdfTask} task */
export default async function runPdfTask(task) {
  switch (task.op) {
    case 'read':
      return inspectPdf(task.bytes);
    case 'thumbnail':
      return renderThumbnail(task.bytes, task.maxSide);
    case 'seal':
      try {
        return move(owned(await sealPdf(task.bytes, task.options)));
      } catch (err) {
        if (err instanceof PdfFailure) return { failure: { code: err.code, message: err.message, log: err.log } };
        throw err;
      }
    case 'tool':
      return runTool(task);
    case 'sealingCertificate':
      return move(owned(await renderSealingCertificate(task.options)));
    default:
      throw new Error(`unknown PDF task ${/** @type {{ op: unknown }} */ (task).op}`);
  }
}
