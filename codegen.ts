/**
 * `npm run graphql:codegen`: the dashboard's GraphQL result and variable types, generated from
 * schema.graphql and the `graphql()` documents in components/ into components/gql/ (committed;
 * components/graphql-codegen.test.ts fails when they drift).
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['components/**/*.{ts,tsx}', '!components/**/*.test.ts', '!components/gql/**'],
  ignoreNoDocuments: false,
  generates: {
    'components/gql/': {
      preset: 'client',
      // Components read what they asked for; fragments, if any, are plain spreads.
      presetConfig: { fragmentMasking: false },
      config: {
        // The custom scalars as JSON carries them (decisions.md): ISO strings and UUIDs.
        scalars: { Date: 'string', DateTime: 'string', UUID: 'string', Upload: 'File' },
        strictScalars: true,
        enumType: 'string-literal',
        // Apollo's cache adds __typename to every selection but the root one, so results carry it.
        nonOptionalTypename: true,
        skipTypeNameForRoot: true,
        useTypeImports: true,
        importExtension: '.ts',
      },
    },
  },
};

export default config;
