/**
 * `npm run bench:pdf`: the PDF tools against the tools everyone measures by, on the same files
 * in the same run. Merging ten 100-page files (mergePdfs' work: lib/pdf/pdf-tools.ts editPdf
 * on the PDF pool, the files moved to a thread and the result back) against `qpdf --empty
 * --pages`; extracting the text of a 500-page file (extractPageTexts, what pdfText and ingest
 * run) against poppler's `pdftotext`. Each prints p50 and p90 and the ratio ours / theirs.
 * The event loop's delay while ours run is printed too: the request thread stays free.
 *
 * The files: text pages (40 lines of Helvetica and a frame each), made with pdf-lib, written to
 * a temporary folder so the command-line tools read the same bytes. Runs are interleaved (each
 * iteration runs every variant once) so drift hits all alike. Flags: `--warmup N` (1),
 * `--iterations N` (5). No target is fixed: it reports, and exits 0.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { extractPageTexts } from '../lib/pdf/extract-page-texts.ts';
import { editPdf } from '../lib/pdf/pdf-tools.ts';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const WARMUP = flag('--warmup', 1);
const ITERATIONS = flag('--iterations', 5);
const MB = 1024 * 1024;

/** A file of text pages: 40 lines and a frame on each, every line naming its file, page and line. */
async function textPages(pages: number, label: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < 40; l++) page.drawText(`${label} page ${p + 1} line ${l + 1}: the contractor shall verify all dimensions on site`, { x: 50, y: 750 - l * 17, size: 10, font });
    page.drawRectangle({ x: 40, y: 40, width: 532, height: 712, borderWidth: 1, borderColor: rgb(0, 0, 0) });
  }
  return doc.save();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function bench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealwright-bench-pdf-'));
  try {
    console.log('Making ten 100-page files and a 500-page file…');
    const sources: Uint8Array[] = [];
    for (let i = 0; i < 10; i++) sources.push(await textPages(100, `Volume ${i + 1}`));
    const book = await textPages(500, 'Specification');
    const sourceFiles = sources.map((bytes, i) => {
      const file = path.join(dir, `volume-${i + 1}.pdf`);
      fs.writeFileSync(file, bytes);
      return file;
    });
    const bookFile = path.join(dir, 'book.pdf');
    fs.writeFileSync(bookFile, book);
    const mergedFile = path.join(dir, 'merged.pdf');

    const lag = monitorEventLoopDelay({ resolution: 5 });
    const ours = async <T>(work: () => Promise<T>) => {
      lag.enable();
      try {
        return await work();
      } finally {
        lag.disable();
      }
    };
    const variants = [
      { label: 'merge 10 × 100 pages: ours (pool)', run: () => ours(() => editPdf('merge', sources, { args: { title: 'Merged' }, fileCount: sources.length })) },
      { label: 'merge 10 × 100 pages: qpdf --pages', run: async () => execFileSync('qpdf', ['--empty', '--pages', ...sourceFiles, '--', mergedFile]) },
      { label: 'text of 500 pages: ours (pool)', run: () => ours(() => extractPageTexts(book)) },
      { label: 'text of 500 pages: pdftotext', run: async () => execFileSync('pdftotext', [bookFile, '-'], { maxBuffer: 256 * MB }) },
    ];
    const samples = variants.map(() => [] as number[]);
    const started = performance.now();
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      for (const [v, variant] of variants.entries()) {
        const t = performance.now();
        await variant.run();
        if (i >= WARMUP) samples[v].push(performance.now() - t);
      }
      console.log(`  ${i < WARMUP ? 'warm-up' : 'iteration'} ${i < WARMUP ? i + 1 : i - WARMUP + 1} done`);
    }
    const totalS = (performance.now() - started) / 1000;

    // The outputs must be what they claim: every page merged, every page's text read as pdftotext reads it.
    const merged = await editPdf('merge', sources, { args: { title: 'Merged' }, fileCount: sources.length });
    if ((await PDFDocument.load(merged.pdf)).getPageCount() !== 1000) throw new Error('the merged PDF does not have 1,000 pages');
    const texts = await extractPageTexts(book);
    const theirs = execFileSync('pdftotext', [bookFile, '-'], { maxBuffer: 256 * MB, encoding: 'utf8' }).split('\f');
    const words = (s: string) => s.split(/\s+/).filter(Boolean).join(' ');
    if (texts.length !== 500 || texts.some((t, i) => words(t) !== words(theirs[i]))) throw new Error('the text differs from pdftotext');

    const stats = samples.map((xs) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p90: percentile(sorted, 90) };
    });
    console.log('');
    console.log(
      `PDF tools: ${ITERATIONS} interleaved iterations after ${WARMUP} warm-up, ${totalS.toFixed(0)} s in all (ms); sources ${(sources.reduce((n, s) => n + s.length, 0) / MB).toFixed(2)} MB, book ${(book.length / MB).toFixed(2)} MB`,
    );
    for (const [i, v] of variants.entries()) console.log(`${v.label.padEnd(40)} p50 ${stats[i].p50.toFixed(0).padStart(7)}  p90 ${stats[i].p90.toFixed(0).padStart(7)}`);
    console.log('');
    console.log(`merge: ours / qpdf --pages p50 = ${(stats[0].p50 / stats[1].p50).toFixed(2)}x`);
    console.log(`text:  ours / pdftotext     p50 = ${(stats[2].p50 / stats[3].p50).toFixed(2)}x`);
    console.log(`request thread while ours ran: event-loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, max ${(lag.max / 1e6).toFixed(1)} ms`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await bench();
process.exit(0);
