// @ts-check
/**
 * Page edits (createPdf, addPdfPage, movePdfPage, extractPages, mergePdfs). Pages are copied
 * between files with one copier per source that knows where each source page lands, so a link
 * or an outline entry pointing at a copied page points at its copy, not at a stray duplicate
 * (pdf-lib's copyPages copies a link's target page as an orphan). Links to pages left behind
 * are removed. Each page keeps its size, boxes and rotation (inherited ones are copied onto it).
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFObjectCopier, PDFPage, PDFRef, PDFString } from 'pdf-lib';
import { PdfFailure } from '../pdf-failure.mjs';
import { MAX_PAGES } from '../inspect-pdf.mjs';

/** Paper sizes in points, portrait. */
export const PAGE_SIZES = Object.freeze({
  LETTER: [612, 792],
  LEGAL: [612, 1008],
  TABLOID: [792, 1224],
  A4: [595.28, 841.89],
  A3: [841.89, 1190.55],
});

/** @param {number} count */
function checkPageCount(count) {
  if (count > MAX_PAGES) throw new PdfFailure('BAD_USER_INPUT', `The result would have ${count} pages; a document has at most ${MAX_PAGES}`);
}

/**
 * A new PDF of blank pages, with its title.
 * @param {{ title: string; pageCount: number; pageSize: keyof typeof PAGE_SIZES }} options
 */
export async function createBlankPdf(options) {
  checkPageCount(options.pageCount);
  const doc = await PDFDocument.create();
  const size = /** @type {[number, number]} */ ([...PAGE_SIZES[options.pageSize]]);
  for (let i = 0; i < options.pageCount; i++) doc.addPage(size);
  doc.setTitle(options.title);
  doc.setProducer('Sealwright');
  doc.setCreator('Sealwright');
  return doc;
}

/**
 * A blank page inserted so it becomes page `index` (0-based), of the size asked (portrait), or
 * else of the size its neighbour is seen at (the page before it; the first page for a new first page).
 * @param {PDFDocument} doc
 * @param {{ index: number; pageSize: keyof typeof PAGE_SIZES | null; neighbourSize: { width: number; height: number } }} options
 */
export function addBlankPage(doc, options) {
  checkPageCount(doc.getPageCount() + 1);
  const size = options.pageSize ? /** @type {[number, number]} */ ([...PAGE_SIZES[options.pageSize]]) : /** @type {[number, number]} */ ([options.neighbourSize.width, options.neighbourSize.height]);
  doc.insertPage(options.index, size);
}

/**
 * Move page `from` so it becomes page `to` (both 0-based).
 * @param {PDFDocument} doc
 * @param {number} from
 * @param {number} to
 */
export function movePage(doc, from, to) {
  if (from === to) return;
  const page = doc.getPage(from);
  doc.removePage(from);
  doc.insertPage(to, page);
}

/**
 * The explicit destination of a link or outline item (its /Dest, or its GoTo action's /D), resolving names through the source's /Dests and /Names.
 * @param {PDFDict} item
 * @param {(name: string) => PDFArray | null} named
 * @returns {{ holder: PDFDict; key: PDFName; dest: PDFArray | null } | null}
 */
function destinationOf(item, named) {
  const direct = item.lookup(PDFName.of('Dest'));
  if (direct !== undefined) return { holder: item, key: PDFName.of('Dest'), dest: asDest(direct, named) };
  const action = item.lookup(PDFName.of('A'));
  if (action instanceof PDFDict && action.lookup(PDFName.of('S')) === PDFName.of('GoTo')) return { holder: action, key: PDFName.of('D'), dest: asDest(action.lookup(PDFName.of('D')), named) };
  return null;
}

/**
 * @param {unknown} value
 * @param {(name: string) => PDFArray | null} named
 */
function asDest(value, named) {
  if (value instanceof PDFArray) return value;
  if (value instanceof PDFName) return named(value.decodeText());
  if (value instanceof PDFString || (value && typeof (/** @type {any} */ (value).decodeText) === 'function')) return named(/** @type {PDFString} */ (value).decodeText());
  return null;
}

/**
 * A resolver of named destinations of a document (/Dests dictionary, /Names /Dests tree).
 * @param {PDFDocument} src
 */
function namedDestinations(src) {
  /** @type {Map<string, PDFArray> | null} */
  let table = null;
  return (/** @type {string} */ name) => {
    if (!table) {
      table = new Map();
      const dests = src.catalog.lookup(PDFName.of('Dests'));
      if (dests instanceof PDFDict) for (const [key] of dests.entries()) addDest(table, key.decodeText(), dests.lookup(key));
      const names = src.catalog.lookup(PDFName.of('Names'));
      const tree = names instanceof PDFDict ? names.lookup(PDFName.of('Dests')) : undefined;
      const stack = [tree];
      const seen = new Set();
      while (stack.length > 0 && seen.size < 10_000) {
        const node = stack.pop();
        if (!(node instanceof PDFDict) || seen.has(node)) continue;
        seen.add(node);
        const pairs = node.lookup(PDFName.of('Names'));
        if (pairs instanceof PDFArray) {
          for (let i = 0; i + 1 < pairs.size(); i += 2) {
            const key = pairs.lookup(i);
            if (key && typeof (/** @type {any} */ (key).decodeText) === 'function') addDest(table, /** @type {PDFString} */ (key).decodeText(), pairs.lookup(i + 1));
          }
        }
        const kids = node.lookup(PDFName.of('Kids'));
        if (kids instanceof PDFArray) for (let i = 0; i < kids.size(); i++) stack.push(kids.lookup(i));
      }
    }
    return table.get(name) ?? null;
  };
}

/**
 * @param {Map<string, PDFArray>} table
 * @param {string} name
 * @param {unknown} value
 */
function addDest(table, name, value) {
  if (value instanceof PDFArray) table.set(name, value);
  else if (value instanceof PDFDict) {
    const d = value.lookup(PDFName.of('D'));
    if (d instanceof PDFArray) table.set(name, d);
  }
}

/**
 * Copies pages of one source into `dest`, knowing where every copied page lands.
 * @param {PDFDocument} dest
 * @param {PDFDocument} src
 * @param {number[]} indices 0-based source pages, in the order they are added
 */
function copyPagesInto(dest, src, indices) {
  const copier = PDFObjectCopier.for(src.context, dest.context);
  const traversed = /** @type {Map<unknown, unknown>} */ (/** @type {any} */ (copier).traversedObjects);
  const sourcePages = src.getPages();
  const named = namedDestinations(src);
  const copiedRefs = new Set();
  // Every source page maps to its copy's reference, or to a sentinel for a page left behind
  // (never assigned: links to it are removed below), so no page is copied as an orphan.
  const leftBehind = dest.context.nextRef();
  const targets = new Map();
  for (const index of indices) if (!targets.has(index)) targets.set(index, dest.context.nextRef());
  sourcePages.forEach((page, index) => traversed.set(page.ref, targets.get(index) ?? leftBehind));
  // Named destinations become explicit (the source's name tree does not come along).
  for (const page of indices.map((i) => sourcePages[i])) {
    const annots = page.node.Annots();
    for (let i = 0; annots && i < annots.size(); i++) {
      const annot = annots.lookup(i);
      if (!(annot instanceof PDFDict) || annot.lookup(PDFName.of('Subtype')) !== PDFName.of('Link')) continue;
      const found = destinationOf(annot, named);
      if (found?.dest && !(found.holder.lookup(found.key) instanceof PDFArray)) found.holder.set(found.key, found.dest);
    }
  }
  const added = [];
  const assigned = new Set();
  for (const index of indices) {
    let ref = targets.get(index);
    if (assigned.has(index)) {
      // The same page twice: a copy of its own.
      ref = dest.context.nextRef();
    }
    assigned.add(index);
    const leaf = copier.copy(sourcePages[index].node);
    dest.context.assign(ref, leaf);
    copiedRefs.add(ref);
    const page = PDFPage.of(/** @type {any} */ (leaf), ref, dest);
    dest.addPage(page);
    added.push(page);
  }
  // Links whose target was left behind go (a reader would jump nowhere).
  for (const page of added) {
    const annots = page.node.Annots();
    if (!annots) continue;
    for (let i = annots.size() - 1; i >= 0; i--) {
      const annot = annots.lookup(i);
      if (!(annot instanceof PDFDict) || annot.lookup(PDFName.of('Subtype')) !== PDFName.of('Link')) continue;
      const found = destinationOf(annot, () => null);
      const target = found?.dest?.get(0);
      if (target instanceof PDFRef && target === leftBehind) annots.remove(i);
    }
  }
  return { copier, leftBehind, named };
}

/**
 * The outline of a source, copied with its copier, as top-level items of `dest`'s outline
 * (appended after those already there). Items pointing at pages left behind keep their title
 * and lose their destination.
 * @param {PDFDocument} dest
 * @param {PDFDocument} src
 * @param {{ copier: any; leftBehind: PDFRef; named: (name: string) => PDFArray | null }} copied
 */
function appendOutline(dest, src, copied) {
  const outlines = src.catalog.lookup(PDFName.of('Outlines'));
  if (!(outlines instanceof PDFDict)) return;
  const first = outlines.get(PDFName.of('First'));
  if (!(first instanceof PDFRef)) return;
  // Explicit destinations first, so the copies point at pages, not at names of the source.
  const seen = new Set();
  /** @type {unknown[]} */
  const stack = [first];
  while (stack.length > 0 && seen.size < 10_000) {
    const ref = stack.pop();
    if (!(ref instanceof PDFRef) || seen.has(ref)) continue;
    seen.add(ref);
    const item = src.context.lookup(ref);
    if (!(item instanceof PDFDict)) continue;
    const found = destinationOf(item, copied.named);
    if (found?.dest && !(found.holder.lookup(found.key) instanceof PDFArray)) found.holder.set(found.key, found.dest);
    stack.push(item.get(PDFName.of('Next')), item.get(PDFName.of('First')));
  }
  // The source's outline root maps to the destination's, so its items' /Parent is right.
  const root = outlineRoot(dest);
  copied.copier.traversedObjects.set(/** @type {PDFRef} */ (src.catalog.get(PDFName.of('Outlines'))), root.ref);
  const firstCopy = copied.copier.copy(first);
  const lastCopy = copied.copier.copy(outlines.get(PDFName.of('Last')) ?? first);
  const before = root.dict.get(PDFName.of('Last'));
  if (before instanceof PDFRef) {
    const lastItem = dest.context.lookup(before, PDFDict);
    lastItem.set(PDFName.of('Next'), firstCopy);
    dest.context.lookup(firstCopy, PDFDict).set(PDFName.of('Prev'), before);
  } else {
    root.dict.set(PDFName.of('First'), firstCopy);
  }
  root.dict.set(PDFName.of('Last'), lastCopy);
  // Copied items whose page was left behind keep no destination.
  for (const [, value] of copied.copier.traversedObjects) {
    const item = value instanceof PDFRef ? dest.context.lookup(value) : null;
    if (!(item instanceof PDFDict) || !item.has(PDFName.of('Title'))) continue;
    const found = destinationOf(item, () => null);
    if (found?.dest?.get(0) === copied.leftBehind) found.holder.delete(found.key);
  }
  const count = outlines.lookup(PDFName.of('Count'));
  const visible = count instanceof PDFNumber ? Math.abs(count.asNumber()) : 0;
  const had = root.dict.lookup(PDFName.of('Count'));
  root.dict.set(PDFName.of('Count'), PDFNumber.of((had instanceof PDFNumber ? had.asNumber() : 0) + visible));
}

/** @param {PDFDocument} dest */
function outlineRoot(dest) {
  const existing = dest.catalog.get(PDFName.of('Outlines'));
  if (existing instanceof PDFRef) return { ref: existing, dict: dest.context.lookup(existing, PDFDict) };
  const dict = dest.context.obj({ Type: 'Outlines', Count: 0 });
  const ref = dest.context.register(dict);
  dest.catalog.set(PDFName.of('Outlines'), ref);
  return { ref, dict };
}

/**
 * A new PDF of the chosen pages (0-based, in the order given) of `src`.
 * @param {PDFDocument} src
 * @param {number[]} indices
 * @param {string} title
 */
export async function extractPages(src, indices, title) {
  const doc = await PDFDocument.create();
  copyPagesInto(doc, src, indices);
  doc.setTitle(title);
  doc.setProducer('Sealwright');
  return doc;
}

/**
 * One PDF of every page of each source in turn, with their outlines one after another.
 * @param {PDFDocument[]} sources
 * @param {string} title
 */
export async function mergePdfs(sources, title) {
  checkPageCount(sources.reduce((n, s) => n + s.getPageCount(), 0));
  const doc = await PDFDocument.create();
  for (const src of sources) {
    const copied = copyPagesInto(doc, src, src.getPageIndices());
    appendOutline(doc, src, copied);
  }
  doc.setTitle(title);
  doc.setProducer('Sealwright');
  if (doc.catalog.has(PDFName.of('Outlines'))) doc.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
  return doc;
}
