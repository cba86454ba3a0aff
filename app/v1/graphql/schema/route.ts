import { printSDL } from '../../../../lib/graphql/schema/index.ts';
import { methodNotAllowed } from '../../../../lib/rest/errors.ts';

export const runtime = 'nodejs';

/** The GraphQL schema as SDL, read-only, for anyone: the same text as schema.graphql in the repository. */
export function GET(): Response {
  return new Response(printSDL(), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300' } });
}

const wrong = methodNotAllowed('GET');
export const POST = wrong;
export const PUT = wrong;
export const PATCH = wrong;
export const DELETE = wrong;
