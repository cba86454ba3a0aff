/**
 * `npm run bench:seal`: sealing a 100-page drawing set, with and without a PKI signature,
 * against pdf-lib's own load + save of the same file in the same run. The baseline saves
 * without object streams, as sealPdf does; the default save is printed for information.
 * Target: seal at most 2× the baseline without PKI, 2.5× with.
 *
 * The headline figures take the stamp the way sealDocument does (credentialStampPdf, which keeps
 * the stamps it rendered last): what a user waits for. The stamp render alone, and the seal with
 * a stamp rendered afresh each time (a first seal), are printed too. Every sheet gets the seal.
 *
 * The drawing set is made here with pdf-lib: ARCH D sheets with a grid, linework, room labels
 * and a title block with a logo (one image shared by every sheet), saved the default way.
 * Runs are interleaved (each iteration runs every variant once) so drift hits all alike.
 * Flags: `--pages N` (100), `--warmup N` (3), `--iterations N` (15). Exits 0 either way: a report.
 */
import sharp from 'sharp';
import { PDFDocument, StandardFonts, closePath, lineTo, moveTo, popGraphicsState, pushGraphicsState, rgb, setLineWidth, setStrokingGrayscaleColor, stroke } from 'pdf-lib';
import type { PDFOperator } from 'pdf-lib';
import { sealPdf } from '../lib/seals/pdf/seal-pdf.ts';
import type { SealPdfOptions } from '../lib/seals/pdf/seal-pdf.ts';
import { DOCUMENT_SIGNING_USAGES, certificateDer, issueCertificate, newRsaKey } from '../lib/seals/x509.ts';
import { credentialStampPdf } from '../lib/credentials/credential-stamp.ts';
import { exportStamp } from '../lib/stamps/export.ts';
import { parseStampRequest } from '../lib/stamps/render.ts';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const PAGES = flag('--pages', 100);
const WARMUP = flag('--warmup', 3);
const ITERATIONS = flag('--iterations', 15);
const TARGET = { seal: 2, sealPki: 2.5 };
const MB = 1024 * 1024;

/** A deterministic pseudo-random sequence in [0, 1), so every run draws the same set. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A drawing set of `pages` ARCH D sheets (36 × 24 in), saved with pdf-lib's defaults. */
async function drawingSet(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Riverside Commons, Building B: Structural');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // A firm's logo, one image shared by every sheet.
  const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160"><rect width="480" height="160" fill="#fff"/><circle cx="80" cy="80" r="64" fill="#1f4e79"/><path d="M40 110 L80 40 L120 110 Z" fill="#f2c14e"/><rect x="170" y="50" width="280" height="22" fill="#1f4e79"/><rect x="170" y="90" width="200" height="16" fill="#7f7f7f"/></svg>`;
  const logo = await doc.embedPng(await sharp(Buffer.from(logoSvg)).png().toBuffer());
  const W = 2592;
  const H = 1728;
  const rand = random(20261123);
  const num = (v: number) => Math.round(v * 100) / 100;
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([W, H]);
    const ops: PDFOperator[] = [pushGraphicsState()];
    // Sheet border and the grid lines (every 6 ft at 1/8" = 1'-0").
    ops.push(setLineWidth(2), setStrokingGrayscaleColor(0), moveTo(36, 36), lineTo(W - 36, 36), lineTo(W - 36, H - 36), lineTo(36, H - 36), closePath(), stroke());
    ops.push(setLineWidth(0.35), setStrokingGrayscaleColor(0.6));
    for (let x = 108; x < W - 468; x += 54) ops.push(moveTo(x, 72), lineTo(x, H - 72));
    for (let y = 108; y < H - 72; y += 54) ops.push(moveTo(72, y), lineTo(W - 468, y));
    ops.push(stroke());
    // Linework: walls and beams, then dimension ticks.
    ops.push(setLineWidth(1.2), setStrokingGrayscaleColor(0));
    for (let i = 0; i < 400; i++) {
      const x = 90 + rand() * (W - 600);
      const y = 90 + rand() * (H - 200);
      const len = 20 + rand() * 300;
      ops.push(moveTo(num(x), num(y)), rand() < 0.5 ? lineTo(num(Math.min(x + len, W - 480)), num(y)) : lineTo(num(x), num(Math.min(y + len, H - 80))));
    }
    ops.push(stroke(), setLineWidth(0.5));
    for (let i = 0; i < 150; i++) {
      const x = 90 + rand() * (W - 600);
      const y = 90 + rand() * (H - 200);
      ops.push(moveTo(num(x - 4), num(y - 4)), lineTo(num(x + 4), num(y + 4)));
    }
    ops.push(stroke());
    // Title block down the right edge.
    const tx = W - 432;
    ops.push(setLineWidth(1.5), moveTo(tx, 36), lineTo(tx, H - 36));
    for (const y of [216, 324, 432, 540, 1296]) ops.push(moveTo(tx, y), lineTo(W - 36, y));
    ops.push(stroke(), popGraphicsState());
    page.pushOperators(...ops);
    page.drawImage(logo, { x: tx + 36, y: 1350, width: 324, height: 108 });
    page.drawText('RIVERSIDE COMMONS', { x: tx + 24, y: 1240, size: 22, font: bold });
    page.drawText('BUILDING B', { x: tx + 24, y: 1210, size: 16, font: regular });
    page.drawText(`Framing plan, level ${(p % 12) + 1}`, { x: tx + 24, y: 500, size: 16, font: regular });
    page.drawText('Drawn: KM   Checked: JN   Scale: 1/8" = 1\'-0"', { x: tx + 24, y: 380, size: 11, font: regular });
    page.drawText('Date: 2026-11-23   Project no. 2026-117', { x: tx + 24, y: 350, size: 11, font: regular });
    page.drawText(`S-${String(101 + p)}`, { x: tx + 24, y: 250, size: 48, font: bold });
    for (let i = 0; i < 30; i++) {
      page.drawText(`${['BEAM', 'COL', 'OFFICE', 'CORR', 'STAIR', 'MECH'][i % 6]} ${100 + Math.floor(rand() * 900)}`, { x: 120 + rand() * (W - 800), y: 120 + rand() * (H - 260), size: 9, font: regular, color: rgb(0.15, 0.15, 0.15) });
    }
    for (let i = 0; i < 8; i++) page.drawText(`${i + 1}. All work shall conform to the governing building code and the project specifications.`, { x: 90, y: 180 - i * 13, size: 9, font: regular });
  }
  return doc.save();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function bench(): Promise<void> {
  console.log(`Making a ${PAGES}-page drawing set, a signing key and certificates…`);
  const original = await drawingSet(PAGES);
  const caKey = newRsaKey();
  const day = 864e5;
  const ca = issueCertificate({ subject: [{ name: 'commonName', value: 'Sealwright Bench CA' }], publicKey: caKey.publicKey, notBefore: new Date(Date.now() - day), notAfter: new Date(Date.now() + 365 * day), ca: true, selfKey: caKey.privateKey });
  const key = newRsaKey();
  const leaf = issueCertificate({
    subject: [{ name: 'commonName', value: 'José Núñez, P.E.' }, { name: 'countryName', value: 'US' }],
    publicKey: key.publicKey,
    notBefore: new Date(Date.now() - day),
    notAfter: new Date(Date.now() + 365 * day),
    extKeyUsage: DOCUMENT_SIGNING_USAGES,
    issuer: { cert: ca, key: caKey.privateKey },
  });
  const signer = { pkcs8: key.pkcs8, chainDer: [certificateDer(leaf), certificateDer(ca)] };
  const stampRequest = parseStampRequest({ name: 'José Núñez', license: '123456', state: 'TX', profession: 'engineer', date: '2026-11-23' });
  const renderStamp = async () => (await exportStamp(stampRequest, 'PDF')).data;
  const facts = { displayName: 'José Núñez', licenseNumber: '123456', regionCode: 'TX', licenseType: 'engineer', status: 'VERIFIED', verifiedAt: new Date(), expirationDate: null };
  const appStamp = () => credentialStampPdf(facts);
  const code = 'abcdefghijkl';
  const verificationUrl = `https://sealwright.example/verify/${code}`;
  const options = (stampPdf: Uint8Array, pki: boolean): SealPdfOptions => ({
    stampPdf,
    pages: Array.from({ length: PAGES }, (_, i) => i),
    // In the title block's empty panel, as engineers place it.
    positionX: 0.91,
    positionY: 0.5,
    size: 108,
    footer: `Sealed by José Núñez, Professional Engineer 123456 (TX) on 2026-11-23 \u00b7 verify at ${verificationUrl}`,
    verificationCode: code,
    verificationUrl,
    sealedAt: new Date('2026-11-23T16:00:00Z'),
    ...(pki ? { signature: { signer, signerName: 'José Núñez', reason: 'Professional seal' } } : {}),
  });

  const sizes = new Map<string, number>();
  const variants: { label: string; short: string; run: () => Promise<Uint8Array> }[] = [
    { label: 'baseline: load + save (no object streams)', short: 'baseline', run: async () => (await PDFDocument.load(original)).save({ useObjectStreams: false }) },
    { label: 'info: load + save (pdf-lib defaults)', short: 'default save', run: async () => (await PDFDocument.load(original)).save() },
    { label: 'stamp render (exportStamp PDF)', short: 'stamp', run: renderStamp },
    { label: 'seal (stamp as sealDocument takes it)', short: 'seal', run: async () => sealPdf(original, options(await appStamp(), false)) },
    { label: 'seal + PKI (stamp as sealDocument takes it)', short: 'seal+PKI', run: async () => sealPdf(original, options(await appStamp(), true)) },
    { label: 'seal, stamp rendered afresh', short: 'seal (fresh stamp)', run: async () => sealPdf(original, options(await renderStamp(), false)) },
    { label: 'seal + PKI, stamp rendered afresh', short: 'seal+PKI (fresh stamp)', run: async () => sealPdf(original, options(await renderStamp(), true)) },
  ];
  const samples = variants.map(() => [] as number[]);
  const last = variants.map(() => 0);
  const rounds = WARMUP + ITERATIONS;
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    const warm = round < WARMUP;
    for (const [i, v] of variants.entries()) {
      const t0 = performance.now();
      const out = await v.run();
      last[i] = performance.now() - t0;
      if (!warm) samples[i].push(last[i]);
      sizes.set(v.label, out.length);
    }
    const which = warm ? `warm-up ${round + 1}/${WARMUP}` : `iteration ${round - WARMUP + 1}/${ITERATIONS}`;
    console.log(`  ${which}: ${variants.map((v, i) => `${v.short} ${last[i].toFixed(0)}`).join(', ')} ms${warm ? ' (not kept)' : ''}`);
  }
  const totalS = (performance.now() - started) / 1000;

  // The outputs must be what they claim: every page kept, the PKI one signed.
  const sealed = await sealPdf(original, options(await appStamp(), true));
  if ((await PDFDocument.load(sealed)).getPageCount() !== PAGES || !Buffer.from(sealed).includes('/ByteRange [0 ')) throw new Error('the sealed PDF is not what it should be');

  const stats = samples.map((xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p90: percentile(sorted, 90) };
  });
  const [baseline, , , seal, sealPki] = stats;
  console.log('');
  console.log(`sealing a ${PAGES}-page drawing set (${(original.length / MB).toFixed(2)} MB, a seal on every sheet), ${ITERATIONS} interleaved iterations after ${WARMUP} warm-up, ${totalS.toFixed(0)} s in all (ms)`);
  for (const [i, v] of variants.entries()) {
    console.log(`${v.label.padEnd(44)} p50 ${stats[i].p50.toFixed(1).padStart(8)}  p90 ${stats[i].p90.toFixed(1).padStart(8)}  output ${(sizes.get(v.label)! / MB).toFixed(2).padStart(6)} MB`);
  }
  console.log('');
  const verdict = (label: string, r: { p50: number }, target: number) => {
    const ratio = r.p50 / baseline.p50;
    console.log(`${label} p50 / baseline p50 = ${ratio.toFixed(2)}x (target <= ${target.toFixed(2)}x): ${ratio <= target ? 'PASS' : 'FAIL'}`);
  };
  verdict('seal        ', seal, TARGET.seal);
  verdict('seal + PKI  ', sealPki, TARGET.sealPki);
  const pre = (i: number) => (stats[i].p50 / baseline.p50).toFixed(2);
  console.log(`(stamp rendered afresh, as for a first seal: seal ${pre(5)}x, seal + PKI ${pre(6)}x; stamp render alone ${stats[2].p50.toFixed(1)} ms)`);
}

await bench();
