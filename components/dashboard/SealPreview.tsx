'use client';

import QRCode from 'qrcode';
import { useMemo } from 'react';
import { helveticaWidth, QR_QUIET_MODULES, sealLayout } from '../../lib/pdf/worker/seal-layout.mjs';
import type { FooterPosition, SealLayout, SealMarks } from '../../lib/pdf/worker/seal-layout.mjs';
import { footerText } from '../../lib/seals/footer-text.ts';
import type { SealingMarksTable } from '../../lib/stamps/board-rules.ts';

/** A stand-in code of the usual width: the real one is made when the document is sealed. */
export const SAMPLE_CODE = 'k3v9x0a2b7qz';

/** Where the footer may go, in the words the dialog offers. */
export const FOOTER_POSITIONS: ReadonlyArray<readonly [FooterPosition, string]> = [
  ['BELOW_STAMP', 'Below the stamp'],
  ['BOTTOM_LEFT', 'Bottom left corner'],
  ['BOTTOM_RIGHT', 'Bottom right corner'],
  ['TOP_LEFT', 'Top left corner'],
  ['TOP_RIGHT', 'Top right corner'],
];

export interface PreviewCredential {
  displayName: string;
  licenseType: string;
  licenseNumber: string;
  regionCode: string;
  stampSvg: string;
}

export interface PreviewPlacement {
  positionX: number;
  positionY: number;
  size: number;
  footerPosition: FooterPosition;
}

/**
 * The signature and date lines the credential's board asks for, as the sealing draws them
 * (lib/seals/render-sealed-pdf.ts): the name over the signature line when a signing certificate
 * signs, today's date over the date line. Null when its board asks for neither.
 */
export function previewMarks(table: SealingMarksTable, credential: PreviewCredential | undefined, signed: boolean, today = new Date()): SealMarks | null {
  const marks = credential ? table[`${credential.regionCode}/${credential.licenseType}`] : undefined;
  if (!credential || !marks) return null;
  return { signature: marks.signature, signedBy: marks.signature && signed ? credential.displayName : null, date: marks.date ? today.toISOString().slice(0, 10) : null };
}

/**
 * The seal as sealDocument will draw it on a page of `page` points: the same layout function
 * the PDF pool draws with (seal-layout.mjs), the footer's words as the sealing writes them,
 * the board's signature and date lines, today's date and a stand-in code. The stamp's PDF is
 * square (lib/pdf/render-stamp-pdf.ts).
 */
export function usePreviewLayout(
  page: { width: number; height: number },
  placement: PreviewPlacement,
  credential: PreviewCredential | undefined,
  { verifyBase, marks: table }: { verifyBase: string; marks: SealingMarksTable },
  signed: boolean,
) {
  return useMemo(() => {
    const verificationUrl = `${verifyBase}/${SAMPLE_CODE}`;
    const footer = credential
      ? footerText({
          holderName: credential.displayName,
          licenseType: credential.licenseType,
          licenseNumber: credential.licenseNumber,
          regionCode: credential.regionCode,
          sealedAt: new Date(),
          url: verificationUrl,
        })
      : '';
    const marks = previewMarks(table, credential, signed);
    const layout = sealLayout(page, { ...placement, footer, verificationUrl, marks }, helveticaWidth, { width: 1, height: 1 });
    return { layout, verificationUrl, marks };
  }, [page, placement, credential, verifyBase, table, signed]);
}

const svgData = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The QR code's dark modules as one path in a square of `size` at (x, y) (top-left, y down), on white with its quiet zone. */
function QrCode({ url, x, y, size }: { url: string; x: number; y: number; size: number }) {
  const d = useMemo(() => {
    const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    const parts: string[] = [];
    for (let row = 0; row < n; row++) for (let col = 0; col < n; col++) if (qr.modules.get(row, col)) parts.push(`M${col + QR_QUIET_MODULES} ${row + QR_QUIET_MODULES}h1v1h-1z`);
    return { path: parts.join(''), cells: n + 2 * QR_QUIET_MODULES };
  }, [url]);
  const cell = size / d.cells;
  return (
    <g transform={`translate(${x} ${y}) scale(${cell})`}>
      <rect width={d.cells} height={d.cells} fill="#fff" />
      <path d={d.path} fill="#000" shapeRendering="crispEdges" />
    </g>
  );
}

/**
 * The seal's parts in page points as SVG elements (y turned downwards): the stamp (unless
 * `withStamp` is false), the QR code, the footer's lines in Helvetica's metrics, and the
 * board's signature and date lines.
 */
function SealParts({ layout, page, url, stampSvg, withStamp = true }: { layout: SealLayout; page: { height: number }; url: string; stampSvg?: string; withStamp?: boolean }) {
  const [sx, sy, sw, sh] = layout.stamp;
  const [qx, qy, qs] = layout.qr;
  return (
    <>
      {withStamp && stampSvg && <image href={svgData(stampSvg)} x={sx} y={page.height - sy - sh} width={sw} height={sh} preserveAspectRatio="none" />}
      <QrCode url={url} x={qx} y={page.height - qy - qs} size={qs} />
      {layout.lines.map((line, i) => (
        <text key={i} x={line.x} y={page.height - line.y} fontSize={layout.fontSize} fontFamily="Helvetica, Arial, 'Liberation Sans', sans-serif" fill="#1a1a1a">
          {line.text}
        </text>
      ))}
      {layout.marks && (
        <g data-testid="seal-marks">
          {layout.marks.rules.map((r, i) => (
            <line key={i} x1={r.x1} x2={r.x2} y1={page.height - r.y} y2={page.height - r.y} stroke="#1a1a1a" strokeWidth={0.6} />
          ))}
          {layout.marks.texts.map((t, i) => (
            <text key={i} x={t.x} y={page.height - t.y} fontSize={t.size} fontFamily="Helvetica, Arial, 'Liberation Sans', sans-serif" fill="#1a1a1a">
              {t.text}
            </text>
          ))}
        </g>
      )}
    </>
  );
}

/** The footer and QR code over the page preview, in the page's own points (the stamp is the draggable marker above it). */
export function FooterOverlay({ layout, page, url }: { layout: SealLayout; page: { width: number; height: number }; url: string }) {
  return (
    <svg className="seal-overlay" viewBox={`0 0 ${page.width} ${page.height}`} preserveAspectRatio="none" aria-hidden="true" data-testid="footer-preview">
      <SealParts layout={layout} page={page} url={url} withStamp={false} />
    </svg>
  );
}

type Box = [number, number, number, number];
const around = (boxes: Box[], pad: number, page: { width: number; height: number }): Box => {
  const x0 = Math.max(0, Math.min(...boxes.map((b) => b[0])) - pad);
  const y0 = Math.max(0, Math.min(...boxes.map((b) => b[1])) - pad);
  const x1 = Math.min(page.width, Math.max(...boxes.map((b) => b[0] + b[2])) + pad);
  const y1 = Math.min(page.height, Math.max(...boxes.map((b) => b[1] + b[3])) + pad);
  return [x0, y0, x1 - x0, y1 - y0];
};

/**
 * The seal enlarged, so it can be read before sealing: the part of the page under it (the
 * rendered page, when there is one) with the stamp, the QR code and the footer as printed.
 * Below the stamp: one close-up; in a corner: the stamp and the corner's footer each.
 */
export function SealCloseups({
  layout,
  page,
  url,
  stampSvg,
  pageImage,
  footerPosition,
}: {
  layout: SealLayout;
  page: { width: number; height: number };
  url: string;
  stampSvg?: string;
  pageImage: string | null;
  footerPosition: FooterPosition;
}) {
  // The board's signature and date lines go with the stamp they sit beside.
  const beside: Box[] = layout.marks ? [layout.marks.box] : [];
  const areas: Array<[string, Box]> =
    footerPosition === 'BELOW_STAMP'
      ? [['The stamp with its verification footer, enlarged', around([layout.stamp, layout.footerBox, ...beside], 8, page)]]
      : [
          ['The stamp, enlarged', around([layout.stamp, ...beside], 8, page)],
          ['The verification footer in its corner, enlarged', around([layout.footerBox], 6, page)],
        ];
  return (
    <div className="seal-closeups">
      {areas.map(([label, [x, y, w, h]]) => (
        // A corner's footer is a long line: it takes the whole width, so its words can be read.
        <figure key={label} className={w / h > 2.5 ? 'seal-closeup wide' : 'seal-closeup'} tabIndex={w / h > 2.5 ? 0 : undefined}>
          <svg
            viewBox={`${x} ${page.height - y - h} ${w} ${h}`}
            role="img"
            aria-label={label}
            // A long footer line is never drawn smaller than 1.8 px a point (7 pt text at about 12 px): on a phone it scrolls sideways instead.
            style={{ aspectRatio: `${w} / ${h}`, minWidth: w / h > 2.5 ? `${Math.round(w * 1.8)}px` : undefined }}
          >
            <rect x={0} y={0} width={page.width} height={page.height} fill="#fff" />
            {pageImage && <image href={pageImage} x={0} y={0} width={page.width} height={page.height} preserveAspectRatio="none" />}
            <SealParts layout={layout} page={page} url={url} stampSvg={stampSvg} />
          </svg>
          <figcaption className="muted">{label}</figcaption>
        </figure>
      ))}
    </div>
  );
}
