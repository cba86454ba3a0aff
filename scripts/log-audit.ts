/**
 * `npm run log:audit -- <base url> [--state file]`: audit a Sealwright server's public seal log
 * through GET /v1/log/* alone (lib/transparency/audit.ts). Prints OK with the size and root, or
 * DIVERGED and one line per thing that diverged. With --state, the head verified is saved
 * there (and every leaf hash in <file>.leaves), and the next audit holds the log to it.
 * Exit code: 0 OK, 1 diverged, 2 could not audit (usage, network, an answer that is no log).
 */
import { auditLog } from '../lib/transparency/audit.ts';

const args = process.argv.slice(2);
const stateAt = args.indexOf('--state');
const statePath = stateAt >= 0 ? args[stateAt + 1] : undefined;
const baseUrl = args.find((a, i) => !a.startsWith('--') && (stateAt < 0 || i !== stateAt + 1));
if (!baseUrl || !/^https?:\/\//.test(baseUrl) || (stateAt >= 0 && !statePath)) {
  console.error('Usage: npm run log:audit -- <base url, e.g. https://sealwright.example> [--state audit-state.json]');
  process.exit(2);
}

try {
  const result = await auditLog({ baseUrl, statePath, progress: (line) => console.error(line) });
  if (result.ok) {
    console.log(`OK: ${result.treeSize} ${result.treeSize === 1 ? 'entry' : 'entries'}, root ${result.rootHash}${statePath ? `; head saved to ${statePath}` : ''}`);
    process.exit(0);
  }
  console.log('DIVERGED:');
  for (const line of result.divergences) console.log(`- ${line}`);
  process.exit(1);
} catch (err) {
  console.error(`Could not audit ${baseUrl}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
