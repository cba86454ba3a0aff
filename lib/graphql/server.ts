import { ApolloServer } from '@apollo/server';
import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, validate } from 'graphql';
import type { DocumentNode, GraphQLFormattedError } from 'graphql';
import { createComplexityRule } from '@pothos/plugin-complexity';
import { AppError, ERROR_STATUS, isErrorCode } from '../errors.ts';
import { logger } from '../log.ts';
import type { GraphQLContext } from './context.ts';
import { complexityLimit, MAX_DEPTH, queryDepth } from './complexity.ts';
import { schema } from './schema/index.ts';

/** QUERY_TOO_DEEP for a document nested deeper than 10 fields, or null. */
export function depthError(document: DocumentNode): GraphQLError | null {
  const depth = queryDepth(document);
  if (depth <= MAX_DEPTH) return null;
  return new GraphQLError(`Query depth of ${depth} exceeds the maximum depth of ${MAX_DEPTH}`, {
    extensions: { code: 'QUERY_TOO_DEEP', http: { status: 400 } },
  });
}

// Depth and cost are checked once the operation is known and before any resolver runs:
// one error, HTTP 400, no partial data.
const limitsPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ document, request, contextValue, operation }) {
        const tooDeep = depthError(document);
        if (tooDeep) throw tooDeep;
        if (!operation || !schema.getRootType(operation.operation)) {
          throw new GraphQLError(`This API has no ${operation?.operation ?? 'such'} operations`, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
        }
        const max = complexityLimit(operation.operation, contextValue.actor?.plan);
        const errors = validate(schema, document, [
          createComplexityRule({
            context: contextValue,
            variableValues: request.variables ?? {},
            operationName: request.operationName ?? undefined,
            maxComplexity: max,
          }),
        ]);
        if (errors.length > 0) {
          const err = errors[0];
          const isComplexity = err.extensions?.code === 'QUERY_COMPLEXITY';
          throw new GraphQLError(err.message, {
            extensions: {
              code: isComplexity ? 'QUERY_TOO_COMPLEX' : 'BAD_USER_INPUT',
              ...(isComplexity ? { queryComplexity: err.extensions.queryComplexity } : {}),
              http: { status: 400 },
            },
          });
        }
      },
    };
  },
};

const PUBLIC_EXTENSIONS = ['queryComplexity'];

/** Map every error to our wire format: extensions.code and status_code; a 500 says nothing more. */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  let code: string | undefined;

  let message = formatted.message;
  if (original instanceof AppError) {
    code = original.code;
    message = original.message;
  } else {
    code = formatted.extensions?.code as string | undefined;
    // Apollo's request-level refusals: a malformed request, or a document whose operation to
    // run is ambiguous or unknown (several operations and no or a wrong operationName).
    if (code === 'BAD_REQUEST' || code === 'OPERATION_RESOLUTION_FAILURE') code = 'BAD_USER_INPUT';
    // Apollo's own request-level refusals (a hash that does not match its query, an
    // unsupported APQ version) carry no code: they are the client's mistake, not ours.
    if ((code === undefined || code === 'INTERNAL_SERVER_ERROR') && error instanceof GraphQLError && !error.originalError && !error.path) {
      code = 'BAD_USER_INPUT';
    }
  }
  // The operation of a request already answered TIMEOUT stopped itself: nobody reads this.
  if (original instanceof Error && original.name === 'AbortError') {
    return { message: 'The request timed out', extensions: { code: 'TIMEOUT', status_code: ERROR_STATUS.TIMEOUT } };
  }
  if (!isErrorCode(code) || code === 'INTERNAL_SERVER_ERROR') {
    logger.error('graphql: internal error', { error: original instanceof Error ? original.stack : String(original) });
    return { message: 'Internal server error', ...(formatted.path ? { path: formatted.path } : {}), extensions: { code: 'INTERNAL_SERVER_ERROR', status_code: 500 } };
  }
  const extensions: Record<string, unknown> = { code, status_code: ERROR_STATUS[code] };
  for (const key of PUBLIC_EXTENSIONS) {
    if (formatted.extensions?.[key] !== undefined) extensions[key] = formatted.extensions[key];
  }
  return { message, ...(formatted.locations ? { locations: formatted.locations } : {}), ...(formatted.path ? { path: formatted.path } : {}), extensions };
}

/** A started Apollo server over our schema. */
export function createApolloServer({ introspection }: { introspection: boolean }): ApolloServer<GraphQLContext> {
  const server = new ApolloServer<GraphQLContext>({
    schema,
    introspection,
    // Bearer tokens only, never cookies: a multipart upload needs no preflight header.
    csrfPrevention: false,
    includeStacktraceInErrorResponses: false,
    formatError,
    plugins: [limitsPlugin],
    logger: { debug: () => {}, info: () => {}, warn: (m) => logger.warn(String(m)), error: (m) => logger.error(String(m)) },
  });
  server.startInBackgroundHandlingStartupErrorsByLoggingAndFailingAllRequests();
  return server;
}
