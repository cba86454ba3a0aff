import tseslint from 'typescript-eslint';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';

// One import style everywhere: relative paths with their extensions, never the @/ alias. Each
// no-restricted-imports block below repeats these (a later block replaces an earlier one's list).
const IMPORT_STYLE = [
  { regex: '^@/', message: 'Imports use one style: a relative path with its extension (../lib/x.ts), as the rest of the code.' },
  { regex: '^\\.{1,2}/(?!.*\\.(ts|tsx|mjs|cjs|js|json|css)$)', message: 'Imports use one style: a relative path with its extension (./x.ts).' },
];

// eslint-config-next pulls unrs-resolver, whose platform packages are missing from the
// registry here (npm ci then refuses the lockfile): the same rules, assembled by hand.
export default tseslint.config(
  { ignores: ['.next/**', 'node_modules/**', 'lib/generated/**', 'components/gql/**', 'data/**', 'next-env.d.ts', '.ci-results/**', '.ci-node24/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { '@next/next': nextPlugin, 'react-hooks': reactHooks },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      ...reactHooks.configs.recommended.rules,
      // Tests read loosely typed JSON answers.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // One import style everywhere: relative paths with their extensions, never the @/ alias.
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...IMPORT_STYLE],
        },
      ],
    },
  },
  // Layers (DESIGN.md): data flows one way. The doors (lib/graphql and lib/rest for the API,
  // lib/web for the dashboard's sign-in) may import the domains; a domain or a shared part of
  // lib never imports a door, nor app/ or components/. Tests are clients and exempt.
  {
    files: ['lib/**/*.ts'],
    ignores: ['lib/graphql/**', 'lib/rest/**', 'lib/web/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...IMPORT_STYLE,
            {
              regex: '^(@/|(\\.\\./)+)(lib/)?(graphql|rest|web)(/|$)',
              message: 'A domain never imports a door (lib/graphql, lib/rest, lib/web): return data or throw an AppError, and let the door shape it.',
            },
            { regex: '^(@/|(\\.\\./)+)(app|components)(/|$)', message: 'lib never imports app/ or components/: they are built on it, not under it.' },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/graphql/**/*.ts', 'lib/rest/**/*.ts', 'lib/web/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...IMPORT_STYLE, { regex: '^(@/|(\\.\\./)+)(app|components)(/|$)', message: 'A door of lib never imports app/ or components/: they are built on it, not under it.' }],
        },
      ],
    },
  },
  // CommonJS loaded by path (the PDF reader's worker thread): require is how it imports.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
