/** A start-up database failure in words an operator can act on (the engine's own text is terse). */
export function describeDatabaseError(err: unknown, databaseUrl: string | undefined): string {
  const message = err instanceof Error ? err.message.split('\n')[0] : String(err);
  if (!databaseUrl) return `Could not prepare the embedded database: ${message}`;
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return `Could not migrate the PostgreSQL database at ${url.toString()}: ${message}. Is the server running and does the database exist?`;
}
