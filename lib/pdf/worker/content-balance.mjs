// @ts-check
/**
 * What a page's own content leaves open when it ends, or closes more often than it opened, read
 * by a small lexer of content streams (ISO 32000-1 7.2 and 7.8.2). placeSeals draws the seal
 * after the page's content, so anything the content leaves behind applies to the seal too: a
 * stray Q pops the wrapper's q and a later clip covers the seal, an unclosed BDC of a layer that
 * is off hides it, an open text object or path changes how it draws.
 *
 * Readers do not agree on every byte of a content stream (where an inline image ends, whether a
 * space separates two streams), and an attacker picks the bytes where they differ. So this reads
 * strictly: whatever two readers could split into different tokens is refused (ContentError),
 * never guessed.
 */
import { decodePDFRawStream, PDFArray, PDFContentStream, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFStream } from 'pdf-lib';

const FILTER = PDFName.of('Filter');
const DECODE_PARMS = PDFName.of('DecodeParms');
const PREDICTOR = PDFName.of('Predictor');
/** @typedef {import('pdf-lib').PDFObject} PDFObject */
/** @typedef {import('pdf-lib').PDFContext} PDFContext */

/**
 * Content that could hide the seal, or that cannot be read to tell. The message says it in words
 * that follow "Page 3's content …": "has a string it never ends, which could hide the seal".
 */
export class ContentError extends Error {}

// Byte classes (7.2.2): whitespace, delimiters, and everything else (regular characters).
const REGULAR = 0;
const SPACE = 1;
const DELIMITER = 2;
const CLASS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[c] = SPACE;
for (const c of '()<>[]{}/%') CLASS[c.charCodeAt(0)] = DELIMITER;

const LF = 0x0a;
const CR = 0x0d;
const E = 0x45;
const I = 0x49;

/** The operators of ISO 32000-1 Table A.1: pdf.js takes an inline image's end only when an operator it knows follows. */
const KNOWN_OPERATORS = new Set(
  (
    'b B b* B* BDC BI BMC BT BX c cm CS cs d d0 d1 Do DP EI EMC ET EX f F f* G g gs h i ID j J K k l m M MP n q Q re RG rg ri s S ' +
    'SC sc SCN scn sh T* Tc Td TD Tf Tj TJ TL Tm Tr Ts Tw Tz v w W W* y \' "'
  ).split(' '),
);

// The operators that change what is open, by a number made of their (up to three) bytes: a
// page's content has one operator every few bytes, and this is read for every sealed page.
const SAVE = 1;
const RESTORE = 2;
const BEGIN_TEXT = 3;
const END_TEXT = 4;
const BEGIN_MARKED = 5;
const END_MARKED = 6;
const BUILD_PATH = 7;
const PAINT_PATH = 8;
const DRAW_OBJECT = 9;
/** @param {string} op */
const opCode = (op) => op.charCodeAt(0) | ((op.charCodeAt(1) || 0) << 8) | ((op.charCodeAt(2) || 0) << 16);
/** @type {[string, number][]} */
const ACTION_LIST = [
  ['q', SAVE],
  ['Q', RESTORE],
  ['BT', BEGIN_TEXT],
  ['ET', END_TEXT],
  ['BMC', BEGIN_MARKED],
  ['BDC', BEGIN_MARKED],
  ['EMC', END_MARKED],
  ['Do', DRAW_OBJECT],
  ...['m', 'l', 'c', 'v', 'y', 'h', 're', 'W', 'W*'].map((op) => /** @type {[string, number]} */ ([op, BUILD_PATH])),
  ...['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n'].map((op) => /** @type {[string, number]} */ ([op, PAINT_PATH])),
];
const ACTIONS = new Map(ACTION_LIST.map(([op, action]) => [opCode(op), action]));

/**
 * @typedef {'number' | 'keyword' | 'operator' | 'name' | 'string' | 'hex' | 'delimiter' | 'comment' | 'image'} TokenKind
 * 'keyword' is true, false or null; 'image' the binary data of an inline image, between ID and EI.
 */

/**
 * Call `visit` with every token of `bytes`, in order (`end` exclusive). Throws ContentError (its
 * message names what the content has: "a string it never ends") for what no two readers read
 * alike: an unterminated string, a stray ")" or ">", an inline image without its end or whose
 * end readers could find elsewhere.
 * @param {Uint8Array} bytes
 * @param {(kind: TokenKind, start: number, end: number) => void} visit
 */
export function lexContent(bytes, visit) {
  const n = bytes.length;
  let i = 0;
  let inImageDict = false;
  while (i < n) {
    const c = bytes[i];
    const cls = CLASS[c];
    if (cls === SPACE) {
      i++;
    } else if (cls === REGULAR) {
      const start = i;
      while (i < n && CLASS[bytes[i]] === REGULAR) i++;
      const kind = runKind(bytes, start, i);
      visit(kind, start, i);
      if (kind !== 'operator') continue;
      if (i - start === 2 && c === 0x42 && bytes[start + 1] === I) {
        // BI: an inline image's dictionary, up to ID.
        inImageDict = true;
      } else if (inImageDict && i - start === 2 && c === I && bytes[start + 1] === 0x44) {
        // ID: the data starts after one whitespace byte and ends at EI.
        inImageDict = false;
        const dataStart = i < n && CLASS[bytes[i]] === SPACE ? i + 1 : i;
        const ei = inlineImageEnd(bytes, dataStart);
        visit('image', dataStart, ei);
        visit('operator', ei, ei + 2);
        i = ei + 2;
      }
    } else if (c === 0x25) {
      // % comment, to the end of the line.
      const start = i;
      while (i < n && bytes[i] !== LF && bytes[i] !== CR) i++;
      visit('comment', start, i);
    } else if (c === 0x2f) {
      const start = i++;
      while (i < n && CLASS[bytes[i]] === REGULAR) i++;
      visit('name', start, i);
    } else if (c === 0x28) {
      const start = i;
      i = literalStringEnd(bytes, i);
      visit('string', start, i);
    } else if (c === 0x3c) {
      const start = i;
      if (bytes[i + 1] === 0x3c) {
        i += 2;
        visit('delimiter', start, i);
      } else {
        while (i < n && bytes[i] !== 0x3e) i++;
        if (i >= n) throw new ContentError('a hexadecimal string it never ends');
        i++;
        visit('hex', start, i);
      }
    } else if (c === 0x3e) {
      if (bytes[i + 1] !== 0x3e) throw new ContentError('a stray ">"');
      visit('delimiter', i, i + 2);
      i += 2;
    } else if (c === 0x29) {
      throw new ContentError('a stray ")"');
    } else {
      // [ ] { }
      visit('delimiter', i, i + 1);
      i++;
    }
  }
}

/**
 * A run of regular characters: a number, a keyword or an operator.
 * @param {Uint8Array} bytes
 * @param {number} start
 * @param {number} end
 * @returns {TokenKind}
 */
function runKind(bytes, start, end) {
  const c = bytes[start];
  if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) return 'number';
  const length = end - start;
  if ((length === 4 && (c === 0x74 || c === 0x6e)) || (length === 5 && c === 0x66)) {
    const word = latin1(bytes, start, end);
    if (word === 'true' || word === 'null' || word === 'false') return 'keyword';
  }
  return 'operator';
}

/**
 * Past the ")" that closes the literal string opening at `start`: parentheses nest, a backslash escapes the next byte.
 * @param {Uint8Array} bytes
 * @param {number} start
 */
function literalStringEnd(bytes, start) {
  const n = bytes.length;
  let depth = 0;
  for (let i = start; i < n; i++) {
    const c = bytes[i];
    if (c === 0x5c) i++;
    else if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return i + 1;
  }
  throw new ContentError('a string it never ends');
}

/**
 * Where the EI of an inline image whose data starts at `dataStart` is. Readers look for the end
 * differently: pdf.js takes the first "EI" followed by a space or line end (and only if plain
 * text and a known operator come next), poppler the first "EI" after the bytes the image needs.
 * All of them agree only when the first "EI" in the data is the end, with whitespace before it,
 * a space or line end after it and readable operators next; anything else is refused.
 * @param {Uint8Array} bytes
 * @param {number} dataStart
 */
function inlineImageEnd(bytes, dataStart) {
  const n = bytes.length;
  let k = dataStart;
  while (k + 1 < n && !(bytes[k] === E && bytes[k + 1] === I)) k++;
  if (k + 1 >= n) throw new ContentError('an inline image it never ends');
  const after = bytes[k + 2];
  const clean = CLASS[bytes[k - 1]] === SPACE && (k + 2 === n || after === 0x20 || after === LF || after === CR);
  if (!clean) throw new ContentError('an inline image whose end readers could find in different places');
  // pdf.js also wants the ten bytes after the space to be plain text and the next word an operator it knows.
  for (let j = k + 2; j < Math.min(n, k + 13); j++) {
    const b = bytes[j];
    if (b !== LF && b !== CR && (b < 0x20 || b > 0x7f)) throw new ContentError('an inline image whose end readers could find in different places');
  }
  let j = k + 2;
  while (j < n && CLASS[bytes[j]] === SPACE) j++;
  if (j < n && CLASS[bytes[j]] === REGULAR) {
    let end = j;
    while (end < n && CLASS[bytes[end]] === REGULAR) end++;
    if (runKind(bytes, j, end) === 'operator' && !KNOWN_OPERATORS.has(latin1(bytes, j, end))) {
      throw new ContentError('an inline image whose end readers could find in different places');
    }
  }
  return k;
}

/**
 * @param {Uint8Array} bytes
 * @param {number} start
 * @param {number} end
 */
function latin1(bytes, start, end) {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/**
 * What a page's content leaves behind. `depth` and `marked` are the q/Q and marked-content
 * (BMC/BDC against EMC) depths at the end, `minDepth` and `minMarked` the lowest they reached
 * (below 0: the content pops a state or ends a sequence it never began). `extra` is what to
 * close on top when the page has inline images (see contentBalance).
 * @typedef {object} ContentBalance
 * @property {number} depth
 * @property {number} minDepth
 * @property {number} marked
 * @property {number} minMarked
 * @property {boolean} inText A text object (BT) is open at the end.
 * @property {boolean} pathOpen A path is built (or a clip asked for) but not painted or ended.
 * @property {boolean} needsSeparator The content ends in a token or a comment that what follows would run into.
 * @property {{ depth: number; marked: number; text: boolean; path: boolean }} extra
 * @property {string[]} drawn The XObjects it draws (`/Name Do`), by their names in its resources, each once.
 */

/**
 * The balance of content made of `streams`, read as one (7.8.2: a page's streams are one
 * content, their split falls between tokens). Throws ContentError for content readers could
 * read differently: a token split across two streams, an array or dictionary never closed.
 * @param {Uint8Array[]} streams
 * @returns {ContentBalance}
 */
export function contentBalance(streams) {
  try {
    return balanceOf(streams);
  } catch (err) {
    if (err instanceof ContentError) throw new ContentError(`has ${err.message}, which could hide the seal`);
    throw err;
  }
}

/**
 * contentBalance, its refusals named by what the content has ("a string it never ends").
 * @param {Uint8Array[]} streams
 * @returns {ContentBalance}
 */
function balanceOf(streams) {
  // One space between streams, as the standard reads them; some readers join them without one,
  // so a token may not run up to a stream's end and on into the next (checked below).
  const total = streams.reduce((sum, s) => sum + s.length, 0) + Math.max(streams.length - 1, 0);
  const bytes = streams.length === 1 ? streams[0] : new Uint8Array(total);
  /** @type {number[]} Where the space between two streams is. */
  const joins = [];
  let at = 0;
  for (let index = 0; index < streams.length && streams.length > 1; index++) {
    const s = streams[index];
    if (index > 0) {
      const before = bytes[at - 1];
      if (at > 0 && s.length > 0 && (CLASS[before] === REGULAR || before === 0x2f) && CLASS[s[0]] === REGULAR) {
        throw new ContentError('a word split between two of its content streams');
      }
      joins.push(at);
      bytes[at++] = 0x20;
    }
    bytes.set(s, at);
    at += s.length;
  }

  let depth = 0;
  let minDepth = 0;
  let marked = 0;
  let minMarked = 0;
  let inText = false;
  let pathOpen = false;
  let nesting = 0;
  let images = 0;
  let firstImage = -1;
  let lastEnd = 0;
  let openComment = false;
  let join = 0;
  const extra = { depth: 0, marked: 0, text: false, path: false };
  /** @type {Set<string>} */
  const drawn = new Set();
  let lastName = '';
  lexContent(bytes, (kind, start, end) => {
    if (kind === 'name') lastName = latin1(bytes, start + 1, end);
    while (join < joins.length && joins[join] < start) join++;
    if (join < joins.length && joins[join] < end && kind !== 'operator') {
      throw new ContentError('a string, comment or image split between two of its content streams');
    }
    lastEnd = end;
    openComment = kind === 'comment' && end === bytes.length;
    if (kind === 'delimiter') {
      const c = bytes[start];
      if (c === 0x5b || c === 0x3c) nesting++;
      else if ((c === 0x5d || c === 0x3e) && --nesting < 0) throw new ContentError('an array or dictionary it closes without opening');
      return;
    }
    if (kind === 'image') {
      images++;
      if (firstImage < 0) firstImage = start;
      return;
    }
    if (kind !== 'operator') return;
    // Every operator that matters here is one to three letters long.
    const length = end - start;
    if (length > 3) return;
    const action = ACTIONS.get(bytes[start] | (length > 1 ? bytes[start + 1] << 8 : 0) | (length > 2 ? bytes[start + 2] << 16 : 0));
    const afterImage = firstImage >= 0;
    switch (action) {
      case SAVE:
        depth++;
        break;
      case RESTORE:
        depth--;
        if (depth < minDepth) minDepth = depth;
        if (afterImage) extra.depth++;
        break;
      case BEGIN_TEXT:
        inText = true;
        break;
      case END_TEXT:
        inText = false;
        if (afterImage) extra.text = true;
        break;
      case BEGIN_MARKED:
        marked++;
        break;
      case END_MARKED:
        marked--;
        if (marked < minMarked) minMarked = marked;
        if (afterImage) extra.marked++;
        break;
      case BUILD_PATH:
        pathOpen = true;
        break;
      case PAINT_PATH:
        pathOpen = false;
        if (afterImage) extra.path = true;
        break;
      case DRAW_OBJECT:
        if (lastName) drawn.add(lastName);
        break;
    }
  });
  if (nesting !== 0) throw new ContentError('an array or dictionary it never closes');
  if (images > 0) {
    // A reader that runs past an image's end resumes after some later "EI": it must be the end
    // of a later image, not one inside a string or comment where hidden operators would follow.
    let found = 0;
    for (let k = bytes.indexOf(E, firstImage); k >= 0 && k + 1 < bytes.length; k = bytes.indexOf(E, k + 1)) {
      if (bytes[k + 1] === I) found++;
    }
    if (found !== images) throw new ContentError('the letters "EI" outside the end of an inline image');
  }
  const needsSeparator = openComment || (lastEnd === bytes.length && bytes.length > 0 && CLASS[bytes[bytes.length - 1]] !== SPACE);
  return { depth, minDepth, marked, minMarked, inText, pathOpen, needsSeparator, extra, drawn: [...drawn] };
}

/**
 * The operators that close what `balance` leaves open, so what follows is drawn in the page's
 * default state, outside every layer: the path ended, the text object ended, each marked-content
 * sequence and each saved state closed. After an inline image it closes as many again as the
 * content closed after that image: a reader that skipped those bytes as image data has them
 * still open, and one more EMC or Q than is open does nothing.
 * @param {ContentBalance} balance
 * @returns {string} Empty when nothing is open.
 */
export function closingOperators(balance) {
  const { extra } = balance;
  /** @type {string[]} */
  const ops = [];
  if (balance.inText || extra.text) ops.push('ET');
  if (balance.pathOpen || extra.path) ops.push('n');
  for (let k = 0; k < balance.marked + extra.marked; k++) ops.push('EMC');
  for (let k = 0; k < balance.depth + extra.depth; k++) ops.push('Q');
  if (ops.length === 0 && !balance.needsSeparator) return '';
  return `${balance.needsSeparator ? '\n' : ''}${ops.map((op) => `${op}\n`).join('')}`;
}

/**
 * The decoded bytes of a page's content, one array per stream, in order. Throws ContentError when
 * a stream is compressed in a way pdf-lib cannot decode (the seal cannot be checked blind).
 * @param {PDFContext} context
 * @param {PDFObject | undefined} contents The page's /Contents: a stream, an array of them, or none.
 * @returns {Uint8Array[]}
 */
export function decodeContents(context, contents) {
  const resolved = contents === undefined ? undefined : context.lookup(contents);
  /** @type {(PDFObject | undefined)[]} */
  const parts = resolved instanceof PDFArray ? resolved.asArray().map((ref) => context.lookup(ref)) : [resolved];
  return parts.map((part) => {
    // A missing or non-stream entry draws nothing in any reader.
    if (!(part instanceof PDFStream)) return new Uint8Array(0);
    if (part instanceof PDFContentStream) return part.getUnencodedContents();
    if (!(part instanceof PDFRawStream)) throw new ContentError('has a content stream of a kind Sealwright cannot read, so it cannot tell whether the seal would show');
    refusePredictors(part.dict);
    try {
      return decodePDFRawStream(part).decode();
    } catch (err) {
      const filter = part.dict.lookup(FILTER);
      const named = filter instanceof PDFName || filter instanceof PDFArray ? ` (${filter.toString()})` : '';
      throw new ContentError(`is compressed in a way Sealwright cannot read${named}, so it cannot tell whether the seal would show`, { cause: err });
    }
  });
}

/**
 * pdf-lib's decoders ignore /DecodeParms predictors and would hand back the bytes still predicted.
 * @param {PDFDict} dict
 */
function refusePredictors(dict) {
  const parms = dict.lookup(DECODE_PARMS);
  const all = parms instanceof PDFArray ? parms.asArray().map((p) => dict.context.lookup(p)) : [parms];
  for (const p of all) {
    const predictor = p instanceof PDFDict ? p.lookup(PREDICTOR) : undefined;
    if (predictor instanceof PDFNumber && predictor.asNumber() > 1) throw new ContentError('is compressed with a predictor Sealwright cannot read, so it cannot tell whether the seal would show');
  }
}
