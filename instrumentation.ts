/**
 * Runs once when a Next server starts, however it is started (npm start, the standalone
 * server, a serverless host): a bad environment stops it there, naming the variable, instead
 * of failing every request. The check lives in a Node-only file (it exits the process).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./instrumentation-node.ts');
}
