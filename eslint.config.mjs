import tseslint from 'typescript-eslint';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';

// eslint-config-next pulls unrs-resolver, whose platform packages are missing from the
// registry here (npm ci then refuses the lockfile): the same rules, assembled by hand.
export default tseslint.config(
  { ignores: ['.next/**', 'node_modules/**', 'lib/generated/**', 'data/**', 'next-env.d.ts', '.ci-results/**'] },
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
  // CommonJS loaded by path (the PDF reader's worker thread): require is how it imports.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
