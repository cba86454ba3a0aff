import type { ReceivedUpload } from '../storage/received-upload.ts';
import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ValidateArgsPlugin from './validate-args.ts';
import type PrismaTypes from '../generated/pothos-types.ts';
import { getDatamodel } from '../generated/pothos-types.ts';
import { db } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import type { GraphQLContext } from './context.ts';

/** The one schema builder; each domain adds its types in lib/graphql/schema/<domain>.ts. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  AuthScopes: { authenticated: boolean };
  AuthContexts: { authenticated: GraphQLContext & { actor: Actor } };
  DefaultFieldNullability: false;
  Scalars: {
    UUID: { Input: string; Output: string };
    DateTime: { Input: Date; Output: Date | string };
    Date: { Input: string; Output: Date | string };
    Upload: { Input: ReceivedUpload; Output: never };
  };
}>({
  plugins: [ValidateArgsPlugin, ScopeAuthPlugin, PrismaPlugin, RelayPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => ({ authenticated: ctx.actor !== null }),
    // A refused token says why (TOKEN_EXPIRED); no token at all is UNAUTHENTICATED.
    unauthorizedError: (_parent, ctx) => ctx.authError ?? new AppError('UNAUTHENTICATED'),
  },
  prisma: {
    client: () => db(),
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
  },
});

builder.queryType({});
builder.mutationType({});
