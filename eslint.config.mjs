import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', 'node_modules/**', 'lib/generated/**', 'data/**', 'next-env.d.ts'] },
  {
    rules: {
      // Tests read loosely typed JSON answers.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
];

export default config;
