/**
 * Runs once when a Next server starts, however it is started (npm start, the standalone
 * server, a serverless host): a bad environment stops it there, naming the variable, instead
 * of failing every request.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { env } = await import('./lib/env.ts');
  try {
    env();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
