// @ts-check
/**
 * A seal's sealing certificate: one Letter page that says who sealed what, when, with which
 * license, the document's fingerprint, the code and its QR, the seal's place in the public seal
 * log, and the PKI signer when there is one; certified (DocMDP P=2) by the service's own
 * signature, PAdES B-B. Text in Helvetica, or the bundled Liberation Sans when a value needs it.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { footerFont } from './place-seal.mjs';
import { addDss } from './add-dss.mjs';
import { addSignatureField, fillSignature } from './sign-pdf.mjs';
/** @typedef {import('pdf-lib').PDFFont} PDFFont */
/** @typedef {import('pdf-lib').PDFPage} PDFPage */

/**
 * @typedef {object} SealingCertificateOptions
 * @property {string} title
 * @property {string} lead A sentence under the title.
 * @property {{ label: string; value: string }[]} rows
 * @property {string} verificationUrl The QR code's target.
 * @property {string} footnote
 * @property {{ title: string; lines: string[]; omitted: number }} [history] The document's audit trail up to the seal, oldest first: as many of the newest lines as fit above the footnote.
 * @property {Date} issuedAt
 * @property {import('./sign-cms.mjs').CmsSigner} signer The service's key and chain.
 * @property {string} signerName
 * @property {{ crls: Uint8Array[] }} [validation] The revocation data for a B-LT DSS after the signature (the service CA's CRL).
 */

const MARGIN = 54;
const LABEL_WIDTH = 150;
const PAGE = /** @type {[number, number]} */ ([612, 792]);

/**
 * Lines of `text` no wider than `width`: at spaces, and inside a word longer than a line (a hash, a URL).
 * @param {string} text
 * @param {PDFFont} font
 * @param {number} size
 * @param {number} width
 * @returns {string[]}
 */
function wrap(text, font, size, width) {
  /** @type {string[]} */
  const lines = [];
  let line = '';
  const fits = (/** @type {string} */ s) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/**
 * The QR code of a URL as dark squares, `size` wide with its lower-left corner at (x, y).
 * @param {PDFPage} page
 * @param {string} url
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
function drawQr(page, url, x, y, size) {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 8);
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      page.drawRectangle({ x: x + (4 + start) * cell, y: y + size - (4 + row + 1) * cell, width: (col - start) * cell, height: cell, color: rgb(0, 0, 0) });
    }
  }
}

/**
 * The certificate's bytes, signed.
 * @param {SealingCertificateOptions} o
 * @returns {Promise<Uint8Array>}
 */
export async function renderSealingCertificate(o) {
  const doc = await PDFDocument.create();
  doc.setTitle(o.title);
  doc.setAuthor('Sealwright');
  doc.setProducer('Sealwright');
  doc.setCreator('Sealwright');
  doc.setCreationDate(o.issuedAt);
  doc.setModificationDate(o.issuedAt);
  const page = doc.addPage(PAGE);
  const everything = [o.title, o.lead, o.footnote, ...o.rows.flatMap((r) => [r.label, r.value]), ...(o.history ? [o.history.title, ...o.history.lines] : [])].join(' ');
  const font = await footerFont(doc, everything);
  const bold = font.name.includes('Helvetica') ? await doc.embedFont(StandardFonts.HelveticaBold) : font;
  const grey = rgb(0.35, 0.35, 0.35);
  const qrSize = 108;
  let y = PAGE[1] - MARGIN;

  page.drawText(o.title, { x: MARGIN, y: y - 20, size: 20, font: bold });
  drawQr(page, o.verificationUrl, PAGE[0] - MARGIN - qrSize + 4, y - qrSize + 4, qrSize);
  y -= 44;
  for (const line of wrap(o.lead, font, 10.5, PAGE[0] - 2 * MARGIN - qrSize - 8)) {
    page.drawText(line, { x: MARGIN, y, size: 10.5, font, color: grey });
    y -= 14;
  }
  y = Math.min(y, PAGE[1] - MARGIN - qrSize - 12) - 10;
  page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: PAGE[0] - MARGIN, y: y + 8 }, thickness: 0.5, color: grey });

  const valueWidth = PAGE[0] - 2 * MARGIN - LABEL_WIDTH;
  for (const row of o.rows) {
    const lines = wrap(row.value, font, 9.5, valueWidth);
    page.drawText(row.label, { x: MARGIN, y: y - 10, size: 9, font: bold, color: grey });
    for (const line of lines) {
      page.drawText(line, { x: MARGIN + LABEL_WIDTH, y: y - 10, size: 9.5, font });
      y -= 12.5;
    }
    y -= 5;
  }

  if (o.history && o.history.lines.length > 0) {
    // As many of the newest events as fit between the rows and the footnote; the earlier ones are counted.
    const lineHeight = 11;
    const footTop = MARGIN + 24 + 14;
    const room = Math.floor((y - 22 - footTop) / lineHeight) - 1;
    if (room > 0) {
      const shown = o.history.lines.slice(Math.max(0, o.history.lines.length - room));
      const omitted = o.history.omitted + o.history.lines.length - shown.length;
      y -= 6;
      page.drawLine({ start: { x: MARGIN, y: y + 4 }, end: { x: PAGE[0] - MARGIN, y: y + 4 }, thickness: 0.5, color: grey });
      page.drawText(o.history.title, { x: MARGIN, y: y - 10, size: 9, font: bold, color: grey });
      y -= 22;
      if (omitted > 0) {
        page.drawText(`(${omitted} earlier event${omitted === 1 ? '' : 's'} not shown)`, { x: MARGIN, y, size: 8.5, font, color: grey });
        y -= lineHeight;
      }
      for (const line of shown) {
        page.drawText(wrap(line, font, 8.5, PAGE[0] - 2 * MARGIN)[0], { x: MARGIN, y, size: 8.5, font });
        y -= lineHeight;
      }
    }
  }

  let footY = MARGIN + 24;
  for (const line of wrap(o.footnote, font, 8, PAGE[0] - 2 * MARGIN)) {
    page.drawText(line, { x: MARGIN, y: footY, size: 8, font, color: grey });
    footY -= 10;
  }

  addSignatureField(doc, { page, rect: null, certify: true, fieldName: 'Sealwright sealing certificate', signerName: o.signerName, reason: o.title, signingTime: o.issuedAt });
  const saved = await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  const signed = await fillSignature(saved, o.signer);
  // PAdES B-LT, as a seal's own signature: the chain and the service CA's CRL in a DSS after it.
  return o.validation ? addDss(signed, { certs: o.signer.chainDer, crls: o.validation.crls }, o.issuedAt) : signed;
}
