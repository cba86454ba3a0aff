/**
 * `npm run bench:seal`: sealing a 100-page drawing set, with and without a PKI signature,
 * against pdf-lib's own load + save of the same file in the same run. The baseline saves
 * without object streams, as sealPdf does; the default save is printed for information.
 * Target: seal at most 2× the baseline without PKI, 2.5× with.
 *
 * The headline figures seal as sealDocument does: on the PDF pool (lib/pdf/pool.ts; the bytes
 * moved to a thread and back), with the stamp taken from credentialStampPdf, which keeps the
 * stamps it rendered last: what a user waits for. The same seal run in this thread is printed
 * for information (what the pool's hand-over costs). The stamp render alone, and the seal with
 * a stamp rendered afresh each time (a first seal), are printed too. Every sheet gets the seal.
 *
 * The drawing set (scripts/drawing-set.ts): ARCH D sheets with a grid, linework, room labels
 * and a title block with a logo (one image shared by every sheet), saved the default way.
 * Runs are interleaved (each iteration runs every variant once) so drift hits all alike.
 * Flags: `--pages N` (100), `--warmup N` (3), `--iterations N` (15). Exits 0 either way: a report.
 */
import { PDFDocument } from 'pdf-lib';
import { sealPdf } from '../lib/pdf/seal-pdf.ts';
import type { SealPdfOptions } from '../lib/pdf/seal-pdf.ts';
import { sealPdf as sealPdfHere } from '../lib/pdf/worker/seal-pdf.mjs';
import { DOCUMENT_SIGNING_USAGES, certificateDer, issueCertificate, newRsaKey } from '../lib/seals/x509.ts';
import { credentialStampPdf } from '../lib/credentials/credential-stamp.ts';
import { exportStamp } from '../lib/stamps/export.ts';
import { parseStampRequest } from '../lib/stamps/render.ts';
import { drawingSet } from './drawing-set.ts';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const PAGES = flag('--pages', 100);
const WARMUP = flag('--warmup', 3);
const ITERATIONS = flag('--iterations', 15);
const TARGET = { seal: 2, sealPki: 2.5 };
const MB = 1024 * 1024;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function bench(): Promise<void> {
  console.log(`Making a ${PAGES}-page drawing set, a signing key and certificates…`);
  const original = await drawingSet(PAGES);
  const caKey = newRsaKey();
  const day = 864e5;
  const ca = issueCertificate({
    subject: [{ name: 'commonName', value: 'Sealwright Bench CA' }],
    publicKey: caKey.publicKey,
    notBefore: new Date(Date.now() - day),
    notAfter: new Date(Date.now() + 365 * day),
    ca: true,
    selfKey: caKey.privateKey,
  });
  const key = newRsaKey();
  const leaf = issueCertificate({
    subject: [
      { name: 'commonName', value: 'José Núñez, P.E.' },
      { name: 'countryName', value: 'US' },
    ],
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
    { label: 'info: seal in this thread (no pool)', short: 'seal here', run: async () => sealPdfHere(original, options(await appStamp(), false)) },
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
  console.log(
    `sealing a ${PAGES}-page drawing set (${(original.length / MB).toFixed(2)} MB, a seal on every sheet), ${ITERATIONS} interleaved iterations after ${WARMUP} warm-up, ${totalS.toFixed(0)} s in all (ms)`,
  );
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
