import fs from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { expect, it } from 'vitest';
import config from '../codegen.ts';

const OUT = 'components/gql';

it('components/gql matches schema.graphql and the documents in components/ (run `npm run graphql:codegen` after a change)', async () => {
  const generated: Array<{ filename: string; content: string }> = await generate({ ...config, silent: true }, false);
  const expected = new Map(generated.map((f) => [path.relative(OUT, f.filename), f.content]));
  const committed = new Map(fs.readdirSync(OUT).map((name) => [name, fs.readFileSync(path.join(OUT, name), 'utf8')]));
  expect([...committed.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [name, content] of expected) expect(committed.get(name), `${OUT}/${name}`).toBe(content);
}, 60_000);
