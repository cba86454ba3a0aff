// @ts-check
/**
 * The PDF tools in a pool thread (lib/pdf/pdf-tools.ts sends them): every file is first loaded
 * within the upload's reading limits (inspect-pdf.mjs loadWithinLimits: pages, stream sizes;
 * the pool adds the time limit), then read or edited. A task carries its files as one byte
 * array (`bytes`, moved to the thread) cut at `sizes`, and its arguments.
 *
 * Answers { ok: true, result } for a reading, { ok: true, result, pdf } for an edit (the new
 * file), or { failure: { code, message } } for a refusal in words.
 */
import { loadWithinLimits, ReadingRefused } from '../inspect-pdf.mjs';
import { PdfFailure } from '../pdf-failure.mjs';
import { hasSignatures } from '../sign-pdf.mjs';
import { addWatermark, drawImage, drawOperations } from './draw.mjs';
import { detailedPageInfo, basicPageInfo, pdfInfo, pdfMetadata } from './facts.mjs';
import { fillForm, flattenForm } from './form.mjs';
import { addBlankPage, createBlankPdf, extractPages, mergePdfs, movePage } from './pages.mjs';
import { pdfSignatures } from './signatures.mjs';
import { validatePdf } from './validate.mjs';

/**
 * @typedef {'info' | 'metadata' | 'pageInfo' | 'pageDetail' | 'signatures' | 'text' | 'validate'} ReadingTool
 * @typedef {'create' | 'addPage' | 'watermark' | 'draw' | 'image' | 'extract' | 'fill' | 'flatten' | 'merge' | 'move'} EditingTool
 * @typedef {{ op: 'tool'; tool: ReadingTool | EditingTool; bytes: Uint8Array; sizes: number[]; names?: string[]; args?: Record<string, any> }} ToolTask
 * @typedef {{ pageCount: number; operationsApplied: number; fieldsFilled: number; pagesWatermarked: number }} EditFacts
 * @typedef {import('pdf-lib').PDFDocument} PDFDocument
 */

/**
 * The files of a task.
 * @param {ToolTask} task
 */
function filesOf(task) {
  const files = [];
  let at = 0;
  for (const size of task.sizes) {
    files.push(task.bytes.subarray(at, at + size));
    at += size;
  }
  return files;
}

/**
 * A file loaded within the limits, or a refusal naming it.
 * @param {Uint8Array} bytes
 * @param {string} [name]
 */
async function load(bytes, name) {
  try {
    return await loadWithinLimits(bytes);
  } catch (err) {
    if (err instanceof ReadingRefused) {
      const which = name ? `The PDF of "${name}"` : 'The PDF';
      if (!err.unsafe && namesEncryption(bytes)) throw new PdfFailure('BAD_USER_INPUT', `${which} is encrypted, and its structure cannot be read without its password`);
      throw new PdfFailure('BAD_USER_INPUT', err.unsafe ? `${which} was refused: ${err.message}` : `${which} cannot be read: ${err.message}`);
    }
    throw err;
  }
}

/**
 * Whether a PDF's tail names an /Encrypt dictionary (in its trailer or cross-reference stream
 * dictionary, which stay in the clear): an encrypted file whose objects sit in encrypted object
 * streams cannot be parsed without its key.
 * @param {Uint8Array} bytes
 */
function namesEncryption(bytes) {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-65_536).toString('latin1');
  return /\/Encrypt\s+\d+\s+\d+\s+R/.test(tail);
}

/**
 * A file to edit: loaded within the limits, neither encrypted nor signed (rewriting it would
 * break a signature someone made).
 * @param {Uint8Array} bytes
 * @param {string} [name]
 */
async function loadEditable(bytes, name) {
  const { pdf } = await load(bytes, name);
  const which = name ? `The PDF of "${name}"` : 'The PDF';
  if (pdf.isEncrypted) throw new PdfFailure('BAD_USER_INPUT', `${which} is encrypted: upload a copy without a password to edit it`);
  if (hasSignatures(pdf)) throw new PdfFailure('BAD_USER_INPUT', `${which} carries a digital signature, which any edit would break: edit an unsigned copy`);
  return pdf;
}

/**
 * Save an edited PDF.
 * @param {PDFDocument} doc
 * @param {Partial<EditFacts>} facts
 */
async function saved(doc, facts) {
  doc.setModificationDate(new Date());
  const pdf = await doc.save({ addDefaultPage: false, updateFieldAppearances: false });
  return { ok: true, pdf, result: { pageCount: doc.getPageCount(), operationsApplied: 1, fieldsFilled: 0, pagesWatermarked: 0, ...facts } };
}

/**
 * Run one tool task.
 * @param {ToolTask} task
 */
async function run(task) {
  const files = filesOf(task);
  const args = task.args ?? {};
  switch (task.tool) {
    case 'info': {
      const { pdf } = await load(files[0]);
      return { ok: true, result: pdfInfo(pdf, files[0]) };
    }
    case 'metadata': {
      const { pdf, pageCount } = await load(files[0]);
      return { ok: true, result: pdfMetadata(pdf, files[0], pageCount) };
    }
    case 'pageInfo': {
      const { pdf } = await load(files[0]);
      return { ok: true, result: pdf.getPages().map((page, i) => basicPageInfo(page, i)) };
    }
    case 'pageDetail': {
      const { pdf, pageCount } = await load(files[0]);
      if (!Number.isInteger(args.page) || args.page < 1 || args.page > pageCount)
        throw new PdfFailure('BAD_USER_INPUT', `page must be from 1 to ${pageCount} (the document's pages); got ${args.page}`);
      return { ok: true, result: detailedPageInfo(pdf.getPage(args.page - 1), args.page - 1) };
    }
    case 'signatures': {
      const { pdf } = await load(files[0]);
      return { ok: true, result: pdfSignatures(pdf) };
    }
    case 'validate': {
      try {
        // A file whose objects are not the ones its table lists is named among its issues, not refused: validating is reading about it.
        const { pdf, xrefMismatch } = await loadWithinLimits(files[0], { reportXrefMismatch: true });
        const result = await validatePdf(pdf, files[0]);
        return { ok: true, result: xrefMismatch ? { isValid: false, issues: [`It cannot be sealed or edited: ${xrefMismatch}`, ...result.issues] } : result };
      } catch (err) {
        if (!(err instanceof ReadingRefused)) throw err;
        if (!err.unsafe && namesEncryption(files[0]))
          return { ok: true, result: { isValid: false, issues: ['The file is encrypted: its structure, content and fonts cannot be checked without its password'] } };
        return { ok: true, result: { isValid: false, issues: [err.unsafe ? `It was refused: ${err.message}` : `It cannot be read: ${err.message}`] } };
      }
    }
    case 'text': {
      // Within the limits first; an encrypted file pdf-lib cannot open goes to pdf.js, which tries the empty password.
      await load(files[0]).catch((err) => {
        if (!(err instanceof PdfFailure && namesEncryption(files[0]) && /encrypted/.test(err.message))) throw err;
      });
      try {
        // pdfjs loads on first use: threads that never extract text do not hold it.
        const { pageTexts } = await import('./page-texts.mjs');
        return { ok: true, result: await pageTexts(new Uint8Array(files[0])) };
      } catch (err) {
        if (err instanceof Error && err.name === 'PasswordException') throw new PdfFailure('BAD_USER_INPUT', 'The PDF needs a password to read its text');
        throw new PdfFailure('BAD_USER_INPUT', `The text of the PDF cannot be read: ${err instanceof Error ? err.message.split('\n')[0].slice(0, 200) : 'its structure is damaged'}`);
      }
    }
    case 'create':
      return saved(await createBlankPdf({ title: args.title, pageCount: args.pageCount, pageSize: args.pageSize }), {});
    case 'addPage': {
      const doc = await loadEditable(files[0]);
      const count = doc.getPageCount();
      const index = args.index ?? count;
      if (!Number.isInteger(index) || index < 0 || index > count) throw new PdfFailure('BAD_USER_INPUT', `index must be from 1 to ${count + 1} (the new page's number); got ${index + 1}`);
      const neighbour = basicPageInfo(doc.getPage(Math.max(0, index - 1)), 0);
      addBlankPage(doc, { index, pageSize: args.pageSize ?? null, neighbourSize: neighbour });
      return saved(doc, {});
    }
    case 'move': {
      const doc = await loadEditable(files[0]);
      const count = doc.getPageCount();
      for (const [key, value] of [
        ['fromPage', args.from],
        ['toPage', args.to],
      ]) {
        if (!Number.isInteger(value) || value < 0 || value >= count) throw new PdfFailure('BAD_USER_INPUT', `${key} must be from 1 to ${count} (the document's pages); got ${value + 1}`);
      }
      movePage(doc, args.from, args.to);
      return saved(doc, {});
    }
    case 'watermark': {
      const doc = await loadEditable(files[0]);
      const count = doc.getPageCount();
      const pages = args.pages ?? Array.from({ length: count }, (_, i) => i);
      checkPages(pages, count);
      const done = await addWatermark(doc, /** @type {import('./draw.mjs').WatermarkOptions} */ ({ ...args, pages: [...new Set(pages)] }));
      return saved(doc, { pagesWatermarked: done });
    }
    case 'draw': {
      const doc = await loadEditable(files[0]);
      checkPages([args.page], doc.getPageCount(), 'page');
      const done = await drawOperations(doc, args.page, args.operations);
      return saved(doc, { operationsApplied: done });
    }
    case 'image': {
      const doc = await loadEditable(files[0]);
      checkPages([args.page], doc.getPageCount(), 'page');
      // A copy of its own: pdf-lib's JPEG reader reads the whole underlying buffer, not the view.
      await drawImage(doc, new Uint8Array(files[1]), /** @type {import('./draw.mjs').ImageOptions} */ (args));
      return saved(doc, {});
    }
    case 'fill': {
      const doc = await loadEditable(files[0]);
      const filled = await fillForm(doc, args.fields, Boolean(args.flatten));
      return saved(doc, { fieldsFilled: filled, operationsApplied: filled });
    }
    case 'flatten': {
      const doc = await loadEditable(files[0]);
      const count = await flattenForm(doc);
      return saved(doc, { fieldsFilled: 0, operationsApplied: count });
    }
    case 'extract': {
      const { pdf } = await load(files[0]);
      if (pdf.isEncrypted) throw new PdfFailure('BAD_USER_INPUT', 'The PDF is encrypted: upload a copy without a password to take pages from it');
      checkPages(args.pages, pdf.getPageCount());
      return saved(await extractPages(pdf, args.pages, args.title), { operationsApplied: args.pages.length });
    }
    case 'merge': {
      const names = task.names ?? [];
      const sources = [];
      for (let i = 0; i < files.length; i++) {
        const { pdf } = await load(files[i], names[i]);
        if (pdf.isEncrypted) throw new PdfFailure('BAD_USER_INPUT', `The PDF of "${names[i] ?? i + 1}" is encrypted: upload a copy without a password to merge it`);
        sources.push(pdf);
      }
      return saved(await mergePdfs(sources, args.title), { operationsApplied: sources.length });
    }
    default:
      throw new Error(`unknown PDF tool ${task.tool}`);
  }
}

/**
 * 0-based page numbers within the document, else BAD_USER_INPUT in 1-based words.
 * @param {number[]} pages
 * @param {number} count
 * @param {string} [what]
 */
function checkPages(pages, count, what = 'pages') {
  const bad = pages.find((p) => !Number.isInteger(p) || p < 0 || p >= count);
  if (bad !== undefined) throw new PdfFailure('BAD_USER_INPUT', `${what} must be from 1 to ${count} (the document's pages); got ${bad + 1}`);
}

/**
 * A tool task's answer; a refusal in words as { failure } (an Error's fields do not cross threads).
 * @param {ToolTask} task
 */
export async function runTool(task) {
  try {
    return await run(task);
  } catch (err) {
    if (err instanceof PdfFailure) return { failure: { code: err.code, message: err.message } };
    throw err;
  }
}
