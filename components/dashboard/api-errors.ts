/** An API error in words a person understands: the API's message, or what to do when the network failed. */
export function describeError(error: unknown): string {
  const e = error as { errors?: Array<{ message?: string }>; message?: string; networkError?: unknown } | null;
  const first = e?.errors?.[0]?.message;
  if (first) return first;
  if (e && 'networkError' in e && e.networkError) return 'The service could not be reached. Check your connection and try again.';
  return e?.message || 'Something went wrong. Try again.';
}
