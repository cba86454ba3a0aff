/** The demo data `npm start` puts into an empty embedded database. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from '../lib/db/index.ts';
import { blobStore } from '../lib/storage/index.ts';
import { DEMO_USER, seedDemoData } from './seed.ts';

describe('seedDemoData', () => {
  it('seeds the demo account with a project folder of drawings (one in two versions), whose PDFs qpdf accepts; and only once', async () => {
    expect(await seedDemoData({ professionals: 20 })).toBe(true);
    const user = await db().user.findUniqueOrThrow({ where: { email: DEMO_USER.email } });
    const folders = await db().documentFolder.findMany({ where: { createdById: user.id }, select: { name: true, parent: { select: { name: true } } }, orderBy: { name: 'asc' } });
    expect(folders).toEqual([
      { name: 'Correspondence', parent: null },
      { name: 'Projects', parent: null },
      { name: 'Riverside Bridge', parent: { name: 'Projects' } },
    ]);
    const documents = await db().document.findMany({
      where: { createdById: user.id },
      select: { name: true, folder: { select: { name: true } }, versions: { select: { fileHash: true, versionNumber: true } } },
      orderBy: { name: 'asc' },
    });
    expect(documents.map((d) => [d.name, d.folder?.name, d.versions.length])).toEqual([
      ['S-001 General Notes', 'Riverside Bridge', 1],
      ['S-101 Foundation Plan', 'Riverside Bridge', 2],
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-pdf-'));
    for (const version of documents.flatMap((d) => d.versions)) {
      const file = path.join(dir, `${version.fileHash}.pdf`);
      fs.writeFileSync(file, (await blobStore().read(version.fileHash))!);
      expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors found');
    }
    fs.rmSync(dir, { recursive: true });
    expect(await seedDemoData({ professionals: 20 })).toBe(false);
  });
});
