import fs from 'node:fs';
import path from 'node:path';
import { env } from '../env.ts';

const inMemory = new Map<string, string>();

/**
 * A secret the embedded set-up keeps in DATA_DIR: read it, or create it once (mode 0600, never
 * overwritten, so two processes starting together agree on the first one written). With a
 * `memory://` DATA_DIR it lives as long as the process.
 */
export function readOrCreateDataFile(relativePath: string, create: () => string): string {
  const dataDir = env().DATA_DIR;
  if (dataDir.startsWith('memory://')) {
    const key = `${dataDir}/${relativePath}`;
    if (!inMemory.has(key)) inMemory.set(key, create());
    return inMemory.get(key)!;
  }
  const file = path.resolve(dataDir, relativePath);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, create(), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return fs.readFileSync(file, 'utf8');
}
