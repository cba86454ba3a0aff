import { XMLParser } from 'fast-xml-parser';
import {
  PDFDocument,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  appendBezierCurve,
  closePath,
  concatTransformationMatrix,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  setDashPattern,
  setFillingRgbColor,
  setGraphicsState,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
  LineCapStyle,
  LineJoinStyle,
} from 'pdf-lib';
import type { PDFPage } from 'pdf-lib';
import type { Resvg } from '@resvg/resvg-js';

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** a·b for 2-D affine matrices in PDF order [a b c d e f]: apply b first, then a. */
function multiply(a: Matrix, b: Matrix): Matrix {
  return [a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1], a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3], a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5]];
}

function parseTransform(value: string | undefined): Matrix {
  if (!value) return IDENTITY;
  let m = IDENTITY;
  for (const [, fn, args] of value.matchAll(/(matrix|translate|scale|rotate)\s*\(([^)]*)\)/g)) {
    const n = args
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    let t: Matrix = IDENTITY;
    if (fn === 'matrix') t = n as Matrix;
    else if (fn === 'translate') t = [1, 0, 0, 1, n[0], n[1] ?? 0];
    else if (fn === 'scale') t = [n[0], 0, 0, n[1] ?? n[0], 0, 0];
    else {
      const r = (n[0] * Math.PI) / 180;
      const rot: Matrix = [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0];
      t = n.length === 3 ? multiply(multiply([1, 0, 0, 1, n[1], n[2]], rot), [1, 0, 0, 1, -n[1], -n[2]]) : rot;
    }
    m = multiply(m, t);
  }
  return m;
}

/** SVG path data (absolute or relative M L H V C S Q T Z) as PDF path operators. */
export function pathOperators(d: string): PDFOperator[] {
  const ops: PDFOperator[] = [];
  const tokens = d.match(/[MmLlHhVvCcSsQqTtZz]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
  let i = 0;
  let cmd = '';
  let x = 0,
    y = 0,
    sx = 0,
    sy = 0,
    lastCx = 0,
    lastCy = 0,
    lastQx = 0,
    lastQy = 0;
  const num = () => Number(tokens[i++]);
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i])) cmd = tokens[i++];
    const rel = cmd === cmd.toLowerCase();
    const C = cmd.toUpperCase();
    const ox = rel ? x : 0,
      oy = rel ? y : 0;
    if (C === 'Z') {
      ops.push(closePath());
      x = sx;
      y = sy;
      continue;
    }
    if (C === 'M') {
      x = ox + num();
      y = oy + num();
      sx = x;
      sy = y;
      ops.push(moveTo(x, y));
      cmd = rel ? 'l' : 'L';
    } else if (C === 'L') {
      x = ox + num();
      y = oy + num();
      ops.push(lineTo(x, y));
    } else if (C === 'H') {
      x = (rel ? x : 0) + num();
      ops.push(lineTo(x, y));
    } else if (C === 'V') {
      y = (rel ? y : 0) + num();
      ops.push(lineTo(x, y));
    } else if (C === 'C' || C === 'S') {
      let x1: number, y1: number;
      if (C === 'C') {
        x1 = ox + num();
        y1 = oy + num();
      } else {
        x1 = 2 * x - lastCx;
        y1 = 2 * y - lastCy;
      }
      const x2 = ox + num(),
        y2 = oy + num(),
        x3 = ox + num(),
        y3 = oy + num();
      ops.push(appendBezierCurve(x1, y1, x2, y2, x3, y3));
      lastCx = x2;
      lastCy = y2;
      x = x3;
      y = y3;
      continue;
    } else if (C === 'Q' || C === 'T') {
      let qx: number, qy: number;
      if (C === 'Q') {
        qx = ox + num();
        qy = oy + num();
      } else {
        qx = 2 * x - lastQx;
        qy = 2 * y - lastQy;
      }
      const ex = ox + num(),
        ey = oy + num();
      // A quadratic curve is the cubic whose controls sit two-thirds of the way to its control point.
      ops.push(appendBezierCurve(x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey), ex, ey));
      lastQx = qx;
      lastQy = qy;
      x = ex;
      y = ey;
      continue;
    } else {
      i++; // an unsupported command (arcs never appear in resvg's simplified output)
    }
    lastCx = x;
    lastCy = y;
    lastQx = x;
    lastQy = y;
  }
  return ops;
}

function rgb(color: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return null;
  const n = parseInt(m[1], 16);
  return [(n >> 16) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

type Node = Record<string, unknown>;
const CAPS: Record<string, LineCapStyle> = { butt: LineCapStyle.Butt, round: LineCapStyle.Round, square: LineCapStyle.Projecting };
const JOINS: Record<string, LineJoinStyle> = { miter: LineJoinStyle.Miter, 'miter-clip': LineJoinStyle.Miter, arcs: LineJoinStyle.Miter, round: LineJoinStyle.Round, bevel: LineJoinStyle.Bevel };

/**
 * Draw resvg's simplified SVG (its text already turned into glyph outlines) on a PDF page as
 * vector paths: the PDF shows exactly the shapes the PNG shows, at any zoom.
 */
function drawTree(page: PDFPage, nodes: Node[], ctm: Matrix, opacity: number, gsCache: Map<string, PDFName>) {
  for (const node of nodes) {
    const tag = Object.keys(node).find((k) => k !== ':@');
    if (!tag) continue;
    const attrs = (node[':@'] ?? {}) as Record<string, string>;
    const children = node[tag] as Node[];
    if (tag === 'g') {
      drawTree(page, children, multiply(ctm, parseTransform(attrs['@_transform'])), opacity * Number(attrs['@_opacity'] ?? 1), gsCache);
    } else if (tag === 'path' && attrs['@_d']) {
      const fill = attrs['@_fill'] ?? '#000000';
      const stroke = attrs['@_stroke'] ?? 'none';
      const fillRgb = fill === 'none' ? null : rgb(fill);
      const strokeRgb = stroke === 'none' ? null : rgb(stroke);
      if (!fillRgb && !strokeRgb) continue;
      const fillAlpha = opacity * Number(attrs['@_fill-opacity'] ?? 1);
      const strokeAlpha = opacity * Number(attrs['@_stroke-opacity'] ?? 1);
      const ops: PDFOperator[] = [pushGraphicsState(), concatTransformationMatrix(...multiply(ctm, parseTransform(attrs['@_transform'])))];
      if (fillAlpha < 1 || strokeAlpha < 1) {
        const key = `${fillAlpha.toFixed(3)}/${strokeAlpha.toFixed(3)}`;
        let name = gsCache.get(key);
        if (!name) {
          name = page.node.newExtGState('GS', page.doc.context.obj({ Type: 'ExtGState', ca: fillAlpha, CA: strokeAlpha }));
          gsCache.set(key, name);
        }
        ops.push(setGraphicsState(name));
      }
      if (fillRgb) ops.push(setFillingRgbColor(...fillRgb));
      if (strokeRgb) {
        ops.push(setStrokingRgbColor(...strokeRgb), setLineWidth(Number(attrs['@_stroke-width'] ?? 1)));
        if (attrs['@_stroke-linecap']) ops.push(setLineCap(CAPS[attrs['@_stroke-linecap']] ?? LineCapStyle.Butt));
        if (attrs['@_stroke-linejoin']) ops.push(setLineJoin(JOINS[attrs['@_stroke-linejoin']] ?? LineJoinStyle.Miter));
        if (attrs['@_stroke-dasharray']) ops.push(setDashPattern(attrs['@_stroke-dasharray'].split(/[\s,]+/).map(Number), Number(attrs['@_stroke-dashoffset'] ?? 0)));
      }
      ops.push(...pathOperators(attrs['@_d']));
      const evenOdd = attrs['@_fill-rule'] === 'evenodd';
      const paint =
        fillRgb && strokeRgb
          ? evenOdd
            ? PDFOperatorNames.FillEvenOddAndStroke
            : PDFOperatorNames.FillNonZeroAndStroke
          : fillRgb
            ? evenOdd
              ? PDFOperatorNames.FillEvenOdd
              : PDFOperatorNames.FillNonZero
            : PDFOperatorNames.StrokePath;
      ops.push(PDFOperator.of(paint), popGraphicsState());
      page.pushOperators(...ops);
    } else if (tag !== 'defs' && Array.isArray(children)) {
      drawTree(page, children, ctm, opacity, gsCache);
    }
  }
}

/** A one-page PDF the size of the seal, drawn in vectors from resvg's rendering of the SVG. */
export async function svgToPdf(resvg: Resvg, meta: { title: string; diameterIn: number }): Promise<Uint8Array> {
  const parser = new XMLParser({ ignoreAttributes: false, preserveOrder: true, attributeNamePrefix: '@_' });
  const tree = parser.parse(resvg.toString()) as Node[];
  const root = tree.find((n) => 'svg' in n)!;
  const attrs = (root[':@'] ?? {}) as Record<string, string>;
  const [vx, vy, vw, vh] = (attrs['@_viewBox'] ?? `0 0 ${resvg.width} ${resvg.height}`).split(/[\s,]+/).map(Number);
  const size = meta.diameterIn * 72;
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setCreator('Sealwright');
  doc.setProducer('Sealwright stamp renderer');
  const page = doc.addPage([size, size]);
  // SVG user space (y down) to PDF points (y up), the viewBox filling the page.
  const base: Matrix = [size / vw, 0, 0, -size / vh, (-vx * size) / vw, size + (vy * size) / vh];
  drawTree(page, root.svg as Node[], base, 1, new Map());
  return doc.save();
}
