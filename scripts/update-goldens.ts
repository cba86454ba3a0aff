/** `npm run test:goldens:update`: re-render the golden stamps after an intended visual change. Look at them before committing. */
import fs from 'node:fs';
import path from 'node:path';
import { GOLDEN_CASES } from '../test/golden-cases.ts';
import { parseStampRequest, renderStamp } from '../lib/stamps/render.ts';

const dir = path.resolve('test/golden');
fs.mkdirSync(dir, { recursive: true });
for (const [name, input] of Object.entries(GOLDEN_CASES)) {
  const stamp = await renderStamp(parseStampRequest({ ...input, format: 'png' }));
  fs.writeFileSync(path.join(dir, `${name}.png`), stamp.body);
  console.log(`wrote test/golden/${name}.png`);
}
