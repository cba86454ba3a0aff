import type { z } from 'zod';

/** An issue's words; a bad record key says why the key is bad, not only "Invalid key in record". */
function describe(issue: z.core.$ZodIssue): string {
  return issue.code === 'invalid_key' ? issue.issues.map((inner) => inner.message).join('; ') : issue.message;
}

/**
 * A templates/data file checked against its schema as it loads: a malformed file stops the
 * import with an error naming the file and every bad path (`states.TX: expected string`),
 * instead of a cast that lets a typo surface later as a broken seal.
 */
export function parseTemplateData<S extends z.ZodType>(file: string, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${describe(issue)}`);
  throw new Error(`templates/data/${file} is malformed: ${problems.join('; ')}`);
}
