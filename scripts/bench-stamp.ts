/**
 * `npm run bench:stamp`: p50/p99 render time of a stamp as SVG, PNG and PDF, and the PNG path
 * against its floor, a bare resvg render of the same SVG with the same options, measured in
 * the same run. Target: PNG p50 within 1.5× of the floor.
 */
import { Resvg } from '@resvg/resvg-js';
import { FONT_FILES } from '../lib/stamps/fonts.ts';
import { parseStampRequest, renderStamp, renderStampSvg } from '../lib/stamps/render.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const input = { name: "Aleksandra O'Brien-Łukasiewicz", license: 'PE-2020012345', state: 'MO', profession: 'civil-engineer', date: '2026-11-22' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function time(label: string, fn: () => unknown | Promise<unknown>) {
  for (let i = 0; i < 20; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
    if (i % 50 === 49) process.stderr.write(`  ${label}: ${i + 1}/${ITERATIONS}\r`);
  }
  samples.sort((a, b) => a - b);
  return { label, p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

const svg = renderStampSvg(parseStampRequest(input));
const floorOptions = {
  fitTo: { mode: 'zoom' as const, value: 4 },
  font: {
    loadSystemFonts: false,
    fontFiles: FONT_FILES,
    defaultFontFamily: 'Liberation Sans',
    sansSerifFamily: 'Liberation Sans',
    serifFamily: 'Liberation Serif',
    monospaceFamily: 'Liberation Mono',
  },
  shapeRendering: 2 as const,
  textRendering: 2 as const,
};

const results = [
  await time('floor: bare resvg PNG', () => new Resvg(svg, floorOptions).render().asPng()),
  await time('svg', async () => renderStamp(parseStampRequest({ ...input, format: 'svg' }))),
  await time('png', async () => renderStamp(parseStampRequest({ ...input, format: 'png' }))),
  await time('pdf', async () => renderStamp(parseStampRequest({ ...input, format: 'pdf' }))),
];
process.stderr.write('\n');
const floor = results[0];
console.log(`stamp render, ${ITERATIONS} iterations each (ms)`);
for (const r of results) console.log(`${r.label.padEnd(24)} p50 ${r.p50.toFixed(2).padStart(7)}  p99 ${r.p99.toFixed(2).padStart(7)}`);
const png = results.find((r) => r.label === 'png')!;
const ratio = png.p50 / floor.p50;
console.log(`png p50 / floor p50 = ${ratio.toFixed(2)}x (target <= 1.50x): ${ratio <= 1.5 ? 'met' : 'NOT met'}`);
