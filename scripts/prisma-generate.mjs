// `prisma generate` asks for the schema-engine binary, which cannot be downloaded offline.
// Generate never runs it, so point it at a harmless stand-in when no engine is installed.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const enginesDir = path.resolve('node_modules/@prisma/engines');
  const hasEngine = fs.existsSync(enginesDir) && fs.readdirSync(enginesDir).some((f) => f.startsWith('schema-engine'));
  if (!hasEngine) env.PRISMA_SCHEMA_ENGINE_BINARY = process.platform === 'win32' ? process.execPath : '/bin/true';
}
const bin = path.resolve('node_modules/prisma/build/index.js');
const result = spawnSync(process.execPath, [bin, 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
