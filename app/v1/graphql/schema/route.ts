import { printSDL } from '../../../../lib/graphql/schema/index.ts';

export const runtime = 'nodejs';

/** The GraphQL schema as SDL, read-only, for anyone: the same text as schema.graphql in the repository. */
export function GET(): Response {
  return new Response(printSDL(), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300' } });
}
