import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { GOLDEN_CASES } from '../../test/golden-cases.ts';
import { parseStampRequest, renderStamp } from './render.ts';

// Anti-aliasing may differ by a hair between resvg builds; a changed layout moves thousands of pixels.
const MAX_DIFF_RATIO = 0.002;

describe('golden stamps', () => {
  for (const [name, input] of Object.entries(GOLDEN_CASES)) {
    it(`${name} looks as approved`, async () => {
      const golden = PNG.sync.read(fs.readFileSync(path.resolve('test/golden', `${name}.png`)));
      const actual = PNG.sync.read(Buffer.from((await renderStamp(parseStampRequest({ ...input, format: 'png' }))).body));
      expect([actual.width, actual.height]).toEqual([golden.width, golden.height]);
      const diff = pixelmatch(golden.data, actual.data, undefined, golden.width, golden.height, { threshold: 0.1 });
      expect(diff / (golden.width * golden.height), `${diff} pixels differ`).toBeLessThanOrEqual(MAX_DIFF_RATIO);
    });
  }
});
