import { ApolloServer } from '@apollo/server';
import type { ApolloServerPlugin } from '@apollo/server';
import { complexityLimit } from '../orgs/plans.ts';
import { logger } from '../log.ts';
import type { GraphQLContext } from './context.ts';
import { operationCost, rootFieldCount } from './complexity.ts';
import { formatError, requestRefusal } from './errors.ts';
import { DOCUMENT_LIMITS } from './limits.ts';
import { schema } from './schema/index.ts';
import { sharedKeyValueCache } from '../cache/shared-kv.ts';

/** Sign-in mutations: each one checks a secret, so an operation may hold only one of them. */
export const SIGN_IN_FIELDS: ReadonlySet<string> = new Set(['login', 'verifyMfaLogin', 'refreshToken', 'register', 'changePassword', 'deleteAccount', 'enableMfa', 'disableMfa']);

// Depth and size were judged on the text (lib/graphql/limits.ts). Here, once the operation,
// its variables and the actor are known, and before any resolver runs: its cost against the
// plan's limit, and one sign-in at most. One error, HTTP 400, no partial data.
const limitsPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ document, request, contextValue, operation }) {
        if (!operation) throw requestRefusal('BAD_USER_INPUT', 'Name the operation to run with operationName');
        if (!schema.getRootType(operation.operation)) throw requestRefusal('BAD_USER_INPUT', `This API has no ${operation.operation} operations`);
        const max = complexityLimit(operation.operation, contextValue.actor?.plan);
        const actual = operationCost(schema, document, operation, request.variables ?? {});
        if (actual > max) {
          throw requestRefusal('QUERY_TOO_COMPLEX', `Query complexity of ${actual} exceeds the maximum complexity of ${max}`, { queryComplexity: { max, actual } });
        }
        if (operation.operation === 'mutation' && rootFieldCount(document, operation, SIGN_IN_FIELDS) > 1) {
          throw requestRefusal('BAD_USER_INPUT', `An operation may hold at most one of ${[...SIGN_IN_FIELDS].join(', ')}`);
        }
      },
    };
  },
};

/** A started Apollo server over our schema. */
export function createApolloServer({ introspection }: { introspection: boolean }): ApolloServer<GraphQLContext> {
  // Persisted queries: in Redis/Upstash when configured, so every instance knows a hash once one has.
  const sharedCache = sharedKeyValueCache();
  const server = new ApolloServer<GraphQLContext>({
    schema,
    ...(sharedCache ? { persistedQueries: { cache: sharedCache, ttl: 24 * 3600 } } : {}),
    introspection,
    // Where the schema is private, validation errors do not suggest its field names.
    hideSchemaDetailsFromClientErrors: !introspection,
    parseOptions: { maxTokens: DOCUMENT_LIMITS.maxTokens },
    // Bearer tokens only, never cookies: a multipart upload needs no preflight header.
    csrfPrevention: false,
    includeStacktraceInErrorResponses: false,
    formatError: (formatted, error) => formatError(formatted, error, { hideSchema: !introspection }),
    plugins: [limitsPlugin],
    logger: { debug: () => {}, info: () => {}, warn: (m) => logger.warn(String(m)), error: (m) => logger.error(String(m)) },
  });
  server.startInBackgroundHandlingStartupErrorsByLoggingAndFailingAllRequests();
  return server;
}
