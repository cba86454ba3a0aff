import { createGraphQLHandler, optionsFromEnv } from '../../../lib/graphql/http.ts';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const handler = createGraphQLHandler(optionsFromEnv());

/** GraphQL operations (JSON or multipart). */
export const POST = handler.POST;
/** The playground for browsers with Basic credentials; 405 otherwise. */
export const GET = handler.GET;
/** Every other method: 405 with Allow: POST. */
export const PUT = handler.wrongMethod;
export const PATCH = handler.wrongMethod;
export const DELETE = handler.wrongMethod;
