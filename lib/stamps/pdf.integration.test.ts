/** The stamp PDF checked by a real PDF tool (qpdf from Debian, brought by scripts/system-tools.mjs). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStampRequest, renderStamp } from './render.ts';

describe('stamp PDF', () => {
  it('makes a PDF that qpdf checks clean, drawn in vectors (no raster image)', async () => {
    const pdf = (await renderStamp(parseStampRequest({ name: 'Qpdf Check', license: '42', state: 'TX', format: 'pdf' }))).body;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stamp-')), 'stamp.pdf');
    fs.writeFileSync(file, pdf);
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toMatch(/No syntax or stream encoding errors/);
    expect(Buffer.from(pdf).toString('latin1')).not.toContain('/Image');
  });
});
