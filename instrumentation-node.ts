/** The start-up check of instrumentation.ts, for the Node runtime: parse the environment, or stop. */
import { env } from './lib/env.ts';

try {
  env();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
