// @ts-check
/**
 * Where a seal's parts go on a page: the stamp, the verification text and the QR code, in the
 * page's upright frame (points, origin bottom-left). Pure arithmetic with no imports, so the
 * PDF pool's threads (place-seal.mjs) draw with it and the dashboard's seal dialog previews
 * with it: the preview and the print come from the same numbers. Text is measured by the
 * caller (the embedded font in the worker; Helvetica's metrics, `helveticaWidth`, in the browser).
 */

/** Space kept free along the page's edges (less on a tiny page). */
export const MARGIN = 14;
/** A corner's QR code, in points (less on a small page). */
export const QR_SIZE = 40;
/** Largest and smallest size of a corner's footer line. */
export const FOOTER_FONT_SIZE = 7;
export const MIN_FONT_SIZE = 4.5;
/** The gap between a corner's QR code and its text. */
export const CORNER_GAP = 6;
/** The QR code's quiet zone, in modules, on each side (white, part of the QR's square). */
export const QR_QUIET_MODULES = 2;

/** @typedef {'BELOW_STAMP' | 'BOTTOM_LEFT' | 'BOTTOM_RIGHT' | 'TOP_LEFT' | 'TOP_RIGHT'} FooterPosition */
/** @typedef {[number, number, number, number]} Rect x, y (bottom-left corner), width, height. */
/** @typedef {(text: string, size: number) => number} MeasureText The width of `text` at `size` points. */

/**
 * @typedef {object} LayoutPlacement
 * @property {number} positionX The stamp's centre as a fraction of the seen page's width from its left edge.
 * @property {number} positionY The stamp's centre as a fraction of the seen page's height from its top edge.
 * @property {number} size The stamp's diameter in points.
 * @property {string} footer The corner's line: "Sealed by … · verify at <url>".
 * @property {string} verificationUrl
 * @property {FooterPosition | null} [footerPosition] BELOW_STAMP when omitted.
 * @property {SealMarks | null} [marks] The signature and date lines the board's rule asks for beside the seal.
 */

/**
 * What a board rule asks beside the seal (templates/data/board-rules.json `requires.signature`
 * and `requires.date`): a signature line, with the signer's name over it when the seal is also
 * a digital signature (else left for a hand signature on the printed sheet), and the date of
 * sealing over a date line.
 * @typedef {object} SealMarks
 * @property {boolean} signature
 * @property {string | null} [signedBy] Written over the signature line: "Digitally signed by …".
 * @property {string | null} [date] Written over the date line (YYYY-MM-DD); none: no date line.
 */

/**
 * @typedef {object} MarksLayout
 * @property {{ x1: number; x2: number; y: number }[]} rules The lines to sign and date on.
 * @property {{ text: string; x: number; y: number; size: number }[]} texts Baselines, left ends.
 * @property {Rect} box
 */

/**
 * @typedef {object} SealLayout
 * @property {Rect} stamp
 * @property {number} stampScale From the stamp's own units to points.
 * @property {Rect} qr
 * @property {{ text: string; x: number; y: number }[]} lines Baselines, left ends.
 * @property {number} fontSize
 * @property {Rect} footerBox Around the QR code and the text (the link's rectangle).
 * @property {number} margin
 * @property {MarksLayout | null} marks
 */

// Helvetica's advance widths (per 1000 em) of the printable ASCII characters, 32 to 126: the
// standard font the footer uses (Liberation Sans, its fallback, has the same metrics).
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611,
  778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,
  556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** A few more WinAnsi characters a name or URL may hold. */
const HELVETICA_MORE = /** @type {Record<string, number>} */ ({
  '\u00b7': 278,
  '\u00a0': 278,
  '\u2018': 222,
  '\u2019': 222,
  '\u2013': 556,
  '\u2014': 1000,
  // Dotless-i accented letters are wider than i; the ligatures and slashed letters have their own widths.
  '\u00ec': 278,
  '\u00ed': 278,
  '\u00ee': 278,
  '\u00ef': 278,
  '\u00df': 611,
  '\u00e6': 889,
  '\u00c6': 1000,
  '\u00f8': 611,
  '\u00d8': 778,
  '\u0153': 944,
  '\u0152': 1000,
  '\u00d0': 722,
  '\u00de': 667,
  '\u0178': 500,
});

/**
 * The width of `text` in Helvetica at `size` points as a PDF draws it (one glyph after
 * another, no kerning): exact for ASCII, the middle dot and the quotes and dashes above; an
 * accented letter counts as its base letter (as Helvetica draws them), anything else as a digit.
 * @type {MeasureText}
 */
export function helveticaWidth(text, size) {
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 32 && code <= 126) units += HELVETICA[code - 32];
    else if (HELVETICA_MORE[ch] !== undefined) units += HELVETICA_MORE[ch];
    else {
      const base = ch.normalize('NFD').codePointAt(0) ?? 0;
      units += base >= 32 && base <= 126 ? HELVETICA[base - 32] : 556;
    }
  }
  return (units * size) / 1000;
}

/**
 * The corner's footer at the largest size from 7 pt down that fits the width: one line, else two (before "verify at").
 * @param {string} text
 * @param {MeasureText} measure
 * @param {number} width
 * @returns {{ lines: string[]; size: number }}
 */
export function layoutFooterLine(text, measure, width) {
  const oneLine = [text];
  const split = text.lastIndexOf(' \u00b7 verify at ');
  const twoLines = split > 0 ? [text.slice(0, split), text.slice(split + 3)] : oneLine;
  for (const lines of [oneLine, twoLines]) {
    const widest = Math.max(...lines.map((l) => measure(l, 1)));
    const size = Math.min(FOOTER_FONT_SIZE, width / widest);
    if (size >= MIN_FONT_SIZE || lines === twoLines) return { lines, size: Math.max(size, 2) };
  }
  return { lines: oneLine, size: MIN_FONT_SIZE };
}

/**
 * The verification URL on at most two short lines, cut at a "/" (never inside a word, never
 * hyphenated), at the largest size from 6 pt down to 3 pt that fits `width`.
 * @param {string} url
 * @param {MeasureText} measure
 * @param {number} width
 * @returns {{ lines: string[]; size: number }}
 */
export function layoutUrl(url, measure, width) {
  const fits = (/** @type {string[]} */ lines) => Math.min(6, width / Math.max(...lines.map((l) => measure(l, 1))));
  const one = [url];
  if (fits(one) >= 5) return { lines: one, size: fits(one) };
  // Two lines, cut after the "/" that balances them best.
  let best = one;
  let bestSize = fits(one);
  for (let i = url.indexOf('/') + 1; i > 0 && i < url.length; i = url.indexOf('/', i) + 1) {
    const lines = [url.slice(0, i), url.slice(i)];
    const size = fits(lines);
    if (size > bestSize) [best, bestSize] = [lines, size];
  }
  return { lines: best, size: Math.max(bestSize, 3) };
}

/**
 * Where the footer goes and how it reads: a block of the QR code and text lines. BELOW_STAMP:
 * the URL with its code, centred under the stamp, then a QR code no wider than the stamp (above
 * the stamp when the page has no room below it). A corner: the QR code in that corner inside
 * the margin, the footer line beside it.
 * @param {LayoutPlacement} placement
 * @param {MeasureText} measure
 * @param {{ width: number; height: number; margin: number; stamp: Rect }} frame
 * @returns {{ qr: Rect; lines: { text: string; x: number; y: number }[]; fontSize: number; box: Rect }}
 */
export function footerLayout(placement, measure, { width, height, margin, stamp }) {
  const position = placement.footerPosition ?? 'BELOW_STAMP';
  if (position === 'BELOW_STAMP') {
    const [sx, sy, sw] = stamp;
    const blockWidth = Math.max(sw, 36);
    const { lines, size } = layoutUrl(placement.verificationUrl, measure, blockWidth);
    const lineHeight = size * 1.25;
    const qrSize = Math.min(sw * 0.45, 44, blockWidth);
    const gap = 2;
    const blockHeight = gap + lines.length * lineHeight + gap + qrSize;
    const centre = sx + sw / 2;
    // Under the stamp; above it when the page ends first.
    const below = sy - blockHeight >= Math.min(margin, 2);
    const top = below ? sy - gap : Math.min(sy + stamp[3] + blockHeight, height);
    const textLines = lines.map((text, i) => ({ text, x: centre - measure(text, size) / 2, y: top - (i + 1) * lineHeight + (lineHeight - size) / 2 + size * 0.2 }));
    const qrY = top - lines.length * lineHeight - gap - qrSize;
    const textWidth = Math.max(...lines.map((l) => measure(l, size)));
    const boxWidth = Math.max(textWidth, qrSize);
    return { qr: [centre - qrSize / 2, qrY, qrSize, qrSize], lines: textLines, fontSize: size, box: [centre - boxWidth / 2, qrY, boxWidth, top - qrY] };
  }
  const qrSize = Math.min(QR_SIZE, width / 6, height / 6);
  const right = position === 'BOTTOM_RIGHT' || position === 'TOP_RIGHT';
  const topCorner = position === 'TOP_LEFT' || position === 'TOP_RIGHT';
  // At most 60% of the page across, so a corner block stays in its corner (two lines rather than one long one).
  const textWidthMax = Math.max(Math.min(width - qrSize - CORNER_GAP - 2 * margin, width * 0.6), 10);
  const { lines, size: fontSize } = layoutFooterLine(placement.footer, measure, textWidthMax);
  const lineHeight = fontSize * 1.3;
  const qrX = right ? width - margin - qrSize : margin;
  const qrY = topCorner ? height - margin - qrSize : margin;
  const firstBaseline = qrY + qrSize / 2 + ((lines.length - 1) * lineHeight) / 2 - fontSize / 3;
  const widths = lines.map((l) => measure(l, fontSize));
  const textWidth = Math.max(...widths);
  const textLines = lines.map((text, i) => ({ text, x: right ? qrX - CORNER_GAP - widths[i] : qrX + qrSize + CORNER_GAP, y: firstBaseline - i * lineHeight }));
  const boxX = right ? qrX - CORNER_GAP - textWidth : qrX;
  return { qr: [qrX, qrY, qrSize, qrSize], lines: textLines, fontSize, box: [boxX, qrY, qrSize + CORNER_GAP + textWidth, qrSize] };
}

/** The signature and date lines: their width, a row's height, the gap to the stamp, the sizes of the words over and under a line. */
export const MARKS_WIDTH = 110;
export const MARKS_ROW = 24;
export const MARKS_GAP = 8;
export const MARKS_FONT_SIZE = 7;
export const MARKS_CAPTION_SIZE = 5.5;

/**
 * The signature and date lines beside the stamp: to its right when the page has room, else to
 * its left, else over it (under it when it sits at the page's top). Each line has its words
 * over it (the digital signer's name, the date) and its caption under it ("Signature", "Date").
 * None when the rule asks for neither.
 * @param {SealMarks | null | undefined} marks
 * @param {MeasureText} measure
 * @param {{ width: number; height: number; margin: number; stamp: Rect; footer: Rect }} frame
 * @returns {MarksLayout | null}
 */
export function marksLayout(marks, measure, { width, height, margin, stamp, footer }) {
  if (!marks || (!marks.signature && !marks.date)) return null;
  /** @type {{ over: string; caption: string }[]} */
  const rows = [];
  if (marks.signature) rows.push({ over: marks.signedBy ? `Digitally signed by ${marks.signedBy}` : '', caption: 'Signature' });
  if (marks.date) rows.push({ over: marks.date, caption: 'Date' });
  const room = Math.max(width - 2 * margin, 20);
  const widest = Math.max(...rows.map((r) => measure(r.over, MARKS_FONT_SIZE)));
  const w = Math.min(Math.max(MARKS_WIDTH, widest + 4), room);
  // A long name shrinks to the line rather than running past it.
  const overSize = Math.max(Math.min(MARKS_FONT_SIZE, widest > 0 ? (w - 2) / (widest / MARKS_FONT_SIZE) : MARKS_FONT_SIZE), 3);
  const h = rows.length * MARKS_ROW;
  const [sx, sy, sw, sh] = stamp;
  const fits = (/** @type {number} */ x, /** @type {number} */ y) =>
    x >= margin - 1e-9 && x + w <= width - margin + 1e-9 && y >= Math.min(margin, 2) - 1e-9 && y + h <= height - Math.min(margin, 2) + 1e-9;
  const middle = Math.min(Math.max(sy + sh / 2 - h / 2, margin), height - margin - h);
  const centred = Math.min(Math.max(sx + sw / 2 - w / 2, margin), width - margin - w);
  // Beside the stamp; over or under the seal (stamp and footer together) when neither side has room.
  const top = Math.max(sy + sh, footer[1] + footer[3]);
  const bottom = Math.min(sy, footer[1]);
  /** @type {[number, number][]} */
  const spots = [
    [sx + sw + MARKS_GAP, middle],
    [sx - MARKS_GAP - w, middle],
    [centred, top + MARKS_GAP],
    [centred, bottom - MARKS_GAP - h],
  ];
  const [x, y] = spots.find(([px, py]) => fits(px, py)) ?? [centred, Math.min(Math.max(top + MARKS_GAP, 0), Math.max(height - h, 0))];
  /** @type {MarksLayout['rules']} */
  const rules = [];
  /** @type {MarksLayout['texts']} */
  const texts = [];
  rows.forEach((row, i) => {
    const lineY = y + h - i * MARKS_ROW - MARKS_FONT_SIZE - 5;
    rules.push({ x1: x, x2: x + w, y: lineY });
    if (row.over) texts.push({ text: row.over, x: x + 1, y: lineY + 2.5, size: overSize });
    texts.push({ text: row.caption, x: x + 1, y: lineY - MARKS_CAPTION_SIZE - 1.5, size: MARKS_CAPTION_SIZE });
  });
  return { rules, texts, box: [x, y, w, h] };
}

/**
 * The whole seal on a page of `width` × `height` points as it is seen: the stamp (its own
 * width and height in `stampSize`, scaled to `placement.size` across its longer side and kept
 * whole on the page), the footer of `footerLayout` and the board's signature and date lines
 * of `marksLayout`.
 * @param {{ width: number; height: number }} page
 * @param {LayoutPlacement} placement
 * @param {MeasureText} measure
 * @param {{ width: number; height: number }} stampSize
 * @returns {SealLayout}
 */
export function sealLayout({ width, height }, placement, measure, stampSize) {
  const size = Math.min(placement.size, width, height);
  const half = size / 2;
  const cx = Math.min(Math.max(placement.positionX * width, half), width - half);
  const cy = Math.min(Math.max(height - placement.positionY * height, half), height - half);
  const stampScale = size / Math.max(stampSize.width, stampSize.height);
  const stampWidth = stampSize.width * stampScale;
  const stampHeight = stampSize.height * stampScale;
  const margin = Math.min(MARGIN, width / 20, height / 20);
  /** @type {Rect} */
  const stamp = [cx - stampWidth / 2, cy - stampHeight / 2, stampWidth, stampHeight];
  const footer = footerLayout(placement, measure, { width, height, margin, stamp });
  const marks = marksLayout(placement.marks, measure, { width, height, margin, stamp, footer: footer.box });
  return { stamp, stampScale, qr: footer.qr, lines: footer.lines, fontSize: footer.fontSize, footerBox: footer.box, margin, marks };
}
