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
import { inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFContentStream, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFStream } from 'pdf-lib';

const FILTER = PDFName.of('Filter');
const FLATE = PDFName.of('FlateDecode');
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
/** The one-letter operators' actions by their byte (most of a drawing's operators: m l c h S f q Q n). */
const ACTIONS_1 = new Uint8Array(256);
for (const [op, action] of ACTION_LIST) if (op.length === 1) ACTIONS_1[op.charCodeAt(0)] = action;

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
 * @param {{ numbers?: boolean }} [options] `numbers: false`: numbers are not visited (most of a drawing's tokens).
 */
export function lexContent(bytes, visit, { numbers = true } = {}) {
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
      if (kind === 'number') {
        if (numbers) visit(kind, start, i);
        continue;
      }
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
  // Not String.fromCharCode(...bytes): a spread of a long name (over about 100 KB) throws RangeError.
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');
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
  let openComment = false;
  let join = 0;
  const extra = { depth: 0, marked: 0, text: false, path: false };
  /** @type {Set<string>} */
  const drawn = new Set();
  // The last name's place (read as a string only when Do draws it: a page names a font or a
  // state every few operators, and making each a string took a fifth of the reading).
  let nameStart = -1;
  let nameEnd = -1;
  lexContent(
    bytes,
    (kind, start, end) => {
      // A name is a run of regular characters, which the space of a join ends: it cannot span two
      // streams (nor can a number, and numbers, most of the tokens, matter to nothing here).
      if (kind === 'name') {
        nameStart = start + 1;
        nameEnd = end;
        return;
      }
      while (join < joins.length && joins[join] < start) join++;
      if (join < joins.length && joins[join] < end && kind !== 'operator') {
        throw new ContentError('a string, comment or image split between two of its content streams');
      }
      // Only the last token can reach the end; a comment there is still open.
      if (kind === 'comment' && end === bytes.length) openComment = true;
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
      const action = length === 1 ? ACTIONS_1[bytes[start]] : ACTIONS.get(bytes[start] | (bytes[start + 1] << 8) | (length > 2 ? bytes[start + 2] << 16 : 0));
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
          if (nameEnd > nameStart) drawn.add(latin1(bytes, nameStart, nameEnd));
          break;
      }
    },
    { numbers: false },
  );
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
  // Every byte that is not a space belongs to a token: content whose last byte is not a space ends in one.
  const needsSeparator = openComment || (bytes.length > 0 && CLASS[bytes[bytes.length - 1]] !== SPACE);
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
    const inflated = inflatedFast(part);
    if (inflated) return inflated;
    try {
      return decodePDFRawStream(part).decode();
    } catch (err) {
      const filter = part.dict.lookup(FILTER);
      const named = filter instanceof PDFName || filter instanceof PDFArray ? ` (${filter.toString()})` : '';
      throw new ContentError(`is compressed in a way Sealwright cannot read${named}, so it cannot tell whether the seal would show`, { cause: err });
    }
  });
}

/** The most a content stream may inflate to here (as inspect-pdf.mjs caps a stream's decoding). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/**
 * A stream compressed with FlateDecode alone, inflated by zlib: several times faster than
 * pdf-lib's decoder in JavaScript, which took most of a drawing set's sealing time. Only a
 * stream zlib reads whole, to its end, takes this way, and then both give the same bytes;
 * anything else (other filters, a truncated or damaged stream, one past the cap) is left to
 * pdf-lib's decoder as before (null).
 * @param {PDFRawStream} stream
 * @returns {Uint8Array | null}
 */
function inflatedFast(stream) {
  const filter = stream.dict.lookup(FILTER);
  const only = filter instanceof PDFArray && filter.size() === 1 ? stream.dict.context.lookup(filter.get(0)) : filter;
  if (only !== FLATE) return null;
  try {
    const out = inflateSync(stream.contents, { maxOutputLength: MAX_INFLATED_BYTES });
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } catch {
    return null;
  }
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

const RESOURCES = PDFName.of('Resources');
const TYPE = PDFName.of('Type');
const SUBTYPE = PDFName.of('Subtype');
const PAGE = PDFName.of('Page');
const PAGES = PDFName.of('Pages');
const KIDS = PDFName.of('Kids');
const PARENT = PDFName.of('Parent');
const FONT = PDFName.of('Font');
const XOBJECT = PDFName.of('XObject');
const EXT_G_STATE = PDFName.of('ExtGState');
const PATTERN = PDFName.of('Pattern');
const PATTERN_TYPE = PDFName.of('PatternType');
const FORM = PDFName.of('Form');
const TYPE3 = PDFName.of('Type3');
const CHAR_PROCS = PDFName.of('CharProcs');
const SMASK = PDFName.of('SMask');
const GROUP = PDFName.of('G');

/** How deep streams are followed within one another (glyphs, soft masks, patterns, forms): as deep as place-seal.mjs follows forms in forms. */
const MAX_NESTING = 12;

/**
 * What a content stream leaves open that carries on after it in pdf.js or poppler, in words that
 * follow "… that", or null: the same faults place-seal.mjs refuses in a form (an extra q is
 * closed by both readers when a stream ends, a path left open by neither carries over).
 * @param {ContentBalance} balance
 * @returns {string | null}
 */
export function leakOf(balance) {
  if (balance.minDepth < 0) return 'restores a graphics state it never saved';
  if (balance.minMarked < 0) return 'ends a marked-content sequence it never began';
  if (balance.marked > 0) return 'leaves a marked-content sequence (a layer) open';
  if (balance.inText) return 'leaves a text object open';
  return null;
}

/**
 * Refuse (ContentError, its message following "Page 3's content …") a content stream that
 * `resources` hand to the drawing besides the forms it draws with Do (place-seal.mjs follows
 * those): the glyph procedures of a Type 3 font, the group of a soft mask a graphics state
 * sets, the cell of a tiling pattern, and the forms and resources of these in turn, when it
 * does not close what it opens. Readers run them inside the page's drawing: a layer left open
 * in a glyph or a soft mask hid everything drawn after it, the seal too, in pdf.js and poppler
 * (probe C), on a page whose own content and forms were balanced.
 *
 * Every such stream the resources hold is read, whether the content uses it or not. Which ones
 * it uses is told by the operands of several operators (Tf; gs, whose state may set a font or a
 * soft mask; scn and SCN), inside content that may itself be a glyph or a pattern, and readers
 * fall back to the resources of whatever shows a glyph or pattern that has none of its own: a
 * name followed differently from a reader would let a stream through unread. A stream read for
 * nothing costs its reading once; an unused one that leaks refuses a file a re-save fixes.
 * Each stream is read once, and each resource dictionary walked once, for every page after.
 * @param {PDFContext} context
 * @param {PDFDict} resources
 */
export function refuseLeakingResources(context, resources) {
  walkResources(context, resources, '', 0, new Map());
}

/** Resource dictionaries found to hand the drawing nothing that leaks. */
const resourcesDone = new WeakSet();
/** @type {WeakMap<PDFStream, WeakSet<object>>} Streams found to leak nothing, by the resources they ran with. */
const streamsDone = new WeakMap();
/** @type {WeakMap<PDFStream, ContentBalance>} */
const balances = new WeakMap();
/** The key of "no resources" among a stream's resources. */
const NO_RESOURCES = Object.freeze({});

/**
 * Being followed in the walk under way: resource dictionaries, and streams with the resources
 * they run with (a glyph without resources of its own runs with those of each content showing it).
 * @typedef {Map<object, Set<object> | true>} Visiting
 */

/**
 * @param {PDFContext} context
 * @param {PDFDict} resources
 * @param {string} within What holds these resources, in words ("a pattern (/P0)"), or '' for the page's or a form's.
 * @param {number} nesting
 * @param {Visiting} visiting
 */
function walkResources(context, resources, within, nesting, visiting) {
  // A glyph or pattern without resources of its own runs with these, so it walks them again.
  if (resourcesDone.has(resources) || visiting.has(resources)) return;
  visiting.set(resources, true);
  /** @param {string} what */
  const held = (what) => (within ? `${within} whose resources have ${what}` : what);
  for (const [name, font] of entriesOf(context, resources, FONT)) {
    refuseLeakingFont(context, font, resources, held(`a Type 3 font (/${name})`), nesting, visiting);
  }
  // Every form, drawn by a name the check reads as readers do or not (a re-probe drew one as /F#6d0).
  for (const [name, xobject] of entriesOf(context, resources, XOBJECT)) {
    if (xobject instanceof PDFStream && xobject.dict.lookup(SUBTYPE) === FORM) {
      refuseLeakingStream(context, xobject, ownResources(xobject.dict) ?? resources, held(`a form (/${name})`), nesting, visiting);
    }
  }
  for (const [name, state] of entriesOf(context, resources, EXT_G_STATE)) {
    refuseLeakingState(context, state, resources, held(`a graphics state (/${name})`), nesting, visiting);
  }
  for (const [name, pattern] of entriesOf(context, resources, PATTERN)) {
    const what = held(`a pattern (/${name})`);
    // Only a tiling pattern (type 1) has content; a shading pattern may name a graphics state.
    const type = pattern instanceof PDFStream ? pattern.dict.lookup(PATTERN_TYPE) : undefined;
    if (pattern instanceof PDFStream && type instanceof PDFNumber && type.asNumber() === 1) {
      refuseLeakingStream(context, pattern, ownResources(pattern.dict) ?? resources, what, nesting, visiting);
    } else {
      const dict = pattern instanceof PDFStream ? pattern.dict : pattern;
      if (dict instanceof PDFDict) refuseLeakingState(context, dict.lookup(EXT_G_STATE), resources, `${what} whose graphics state`, nesting, visiting);
    }
  }
  visiting.delete(resources);
  resourcesDone.add(resources);
}

/**
 * A Type 3 font's glyph procedures. A glyph runs with the font's resources, or where it has none
 * with those of the content showing it (pdf.js and poppler alike).
 * @param {PDFContext} context
 * @param {PDFObject | undefined} font
 * @param {PDFDict} resources
 * @param {string} what
 * @param {number} nesting
 * @param {Visiting} visiting
 */
function refuseLeakingFont(context, font, resources, what, nesting, visiting) {
  if (!(font instanceof PDFDict) || font.lookup(SUBTYPE) !== TYPE3) return;
  const glyphResources = ownResources(font) ?? resources;
  for (const [name, proc] of entriesOf(context, font, CHAR_PROCS)) {
    if (proc instanceof PDFStream) refuseLeakingStream(context, proc, glyphResources, `${what} with a glyph (/${name})`, nesting, visiting);
  }
}

/**
 * A graphics state's soft mask group (a form, run to make the mask), and the font it may set (8.4.5: /Font [font size]).
 * @param {PDFContext} context
 * @param {PDFObject | undefined} state
 * @param {PDFDict} resources
 * @param {string} what
 * @param {number} nesting
 * @param {Visiting} visiting
 */
function refuseLeakingState(context, state, resources, what, nesting, visiting) {
  if (!(state instanceof PDFDict)) return;
  const mask = state.lookup(SMASK);
  const group = mask instanceof PDFDict ? mask.lookup(GROUP) : undefined;
  if (group instanceof PDFStream) refuseLeakingStream(context, group, ownResources(group.dict) ?? resources, `${what} with a soft mask`, nesting, visiting);
  const font = state.lookup(FONT);
  if (font instanceof PDFArray && font.size() > 0) refuseLeakingFont(context, font.lookup(0), resources, `${what} setting a Type 3 font`, nesting, visiting);
}

/**
 * One stream run with `resources`: what it leaves open, then the forms it draws and its resources, in turn.
 * @param {PDFContext} context
 * @param {PDFStream} stream
 * @param {PDFDict | undefined} resources
 * @param {string} what The stream in words: "a Type 3 font (/T3) with a glyph (/a)".
 * @param {number} nesting
 * @param {Visiting} visiting
 */
function refuseLeakingStream(context, stream, resources, what, nesting, visiting) {
  const key = resources ?? NO_RESOURCES;
  const running = visiting.get(stream);
  if (streamsDone.get(stream)?.has(key) || (running instanceof Set && running.has(key))) return;
  if (nesting >= MAX_NESTING) throw new ContentError(`has ${what}, nested more than ${MAX_NESTING} deep in fonts, soft masks, patterns and forms`);
  const balance = balanceOnce(context, stream, what);
  const fault = leakOf(balance);
  if (fault) throw new ContentError(`has ${what} that ${fault}, which could hide the seal`);
  const pairs = running instanceof Set ? running : new Set();
  pairs.add(key);
  visiting.set(stream, pairs);
  const xobjects = resources?.lookup(XOBJECT);
  for (const name of balance.drawn) {
    const form = xobjects instanceof PDFDict ? context.lookup(xobjects.get(PDFName.of(name))) : undefined;
    if (form instanceof PDFStream && form.dict.lookup(SUBTYPE) === FORM) {
      // A form without resources of its own uses those of the content drawing it.
      refuseLeakingStream(context, form, ownResources(form.dict) ?? resources, `${what} that draws a form (/${name})`, nesting + 1, visiting);
    }
  }
  if (resources) walkResources(context, resources, what, nesting + 1, visiting);
  pairs.delete(key);
  // Marked only once all it leads to is read: a stream skipped above as under way is refused, if
  // it leaks, by the walk that began it, and stays unmarked for the next one.
  let done = streamsDone.get(stream);
  if (!done) streamsDone.set(stream, (done = new WeakSet()));
  done.add(key);
}

/**
 * A stream's balance, read once however many resources hold it. Its refusals name the stream.
 * @param {PDFContext} context
 * @param {PDFStream} stream
 * @param {string} what
 * @returns {ContentBalance}
 */
function balanceOnce(context, stream, what) {
  try {
    return streamBalance(context, stream);
  } catch (err) {
    // "has a string it never ends, …", "is compressed in a way …"
    if (err instanceof ContentError) throw new ContentError(`has ${what} that ${err.message}`);
    throw err;
  }
}

/**
 * A stream's balance (ContentError as contentBalance and decodeContents throw it), read once per
 * stream however many checks ask: place-seal's check of the forms a page draws and the resource
 * walk read the same forms, a drawing set's heaviest content.
 * @param {PDFContext} context
 * @param {PDFStream} stream
 * @returns {ContentBalance}
 */
export function streamBalance(context, stream) {
  let balance = balances.get(stream);
  if (!balance) balances.set(stream, (balance = contentBalance(decodeContents(context, stream))));
  return balance;
}

/**
 * The entries of the dictionary `dict` holds under `key`, by name (no slash), their values looked up.
 * @param {PDFContext} context
 * @param {PDFDict} dict
 * @param {PDFName} key
 * @returns {[string, PDFObject | undefined][]}
 */
function entriesOf(context, dict, key) {
  const inner = dict.lookup(key);
  if (!(inner instanceof PDFDict)) return [];
  return inner.entries().map(([name, value]) => [name.decodeText(), context.lookup(value)]);
}

/**
 * @param {PDFDict} dict
 * @returns {PDFDict | undefined}
 */
function ownResources(dict) {
  const resources = dict.lookup(RESOURCES);
  return resources instanceof PDFDict ? resources : undefined;
}

/**
 * The resources a page's content runs with, as each reader finds them: its own, else inherited
 * up its /Parent chain (pdf.js, pdf-lib), and inherited down the page tree from the catalog
 * (poppler). They differ only in a file whose /Parent links disagree with the tree; then both
 * are checked. The tree is walked once per document.
 * @param {PDFContext} context
 * @param {PDFDict} page
 * @returns {Set<PDFDict>}
 */
export function pageResources(context, page) {
  /** @type {Set<PDFDict>} */
  const found = new Set();
  const upward = resourcesUpward(page);
  if (upward) found.add(upward);
  let tree = treeResources.get(context);
  if (!tree) treeResources.set(context, (tree = resourcesDownTheTree(context)));
  const downward = ownResources(page) ?? tree.get(page);
  if (downward) found.add(downward);
  return found;
}

/**
 * A page's resources as pdf.js and pdf-lib find them: its own, else the nearest along its /Parent chain.
 * @param {PDFDict} page
 * @returns {PDFDict | undefined}
 */
function resourcesUpward(page) {
  const seen = new Set();
  for (let node = /** @type {PDFObject | undefined} */ (page); node instanceof PDFDict && !seen.has(node); node = node.lookup(PARENT)) {
    seen.add(node);
    const resources = ownResources(node);
    if (resources) return resources;
  }
  return undefined;
}

/** @type {WeakMap<PDFContext, Map<PDFDict, PDFDict | undefined>>} Each document's pages with the resources the nodes above them hand down (a page's own are read when asked: sealing may give it some). */
const treeResources = new WeakMap();

/**
 * Every page of the document with the resources poppler would give it if it had none of its
 * own: those of the nearest node above it on the way down from the catalog; each node visited once.
 * @param {PDFContext} context
 * @returns {Map<PDFDict, PDFDict | undefined>}
 */
function resourcesDownTheTree(context) {
  /** @type {Map<PDFDict, PDFDict | undefined>} */
  const pages = new Map();
  const catalog = context.lookup(context.trailerInfo.Root);
  /** @type {[PDFObject | undefined, PDFDict | undefined][]} */
  const stack = [[catalog instanceof PDFDict ? catalog.get(PAGES) : undefined, undefined]];
  const seen = new Set();
  while (stack.length > 0) {
    const [entry, above] = /** @type {[PDFObject | undefined, PDFDict | undefined]} */ (stack.pop());
    const node = entry === undefined ? undefined : context.lookup(entry);
    if (!(node instanceof PDFDict) || seen.has(node)) continue;
    seen.add(node);
    const kids = node.lookup(KIDS);
    if (node.get(TYPE) !== PAGE && kids instanceof PDFArray) {
      const inherited = ownResources(node) ?? above;
      for (let i = kids.size() - 1; i >= 0; i--) stack.push([kids.get(i), inherited]);
    } else pages.set(node, above);
  }
  return pages;
}
