import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Our sources are transformed by Vite, which would pick graphql's .mjs build, while
// node_modules (Pothos, Apollo) load its CommonJS build: two graphql realms. Use one.
const require = createRequire(import.meta.url);
const alias = [
  { find: /^@\//, replacement: `${path.resolve(import.meta.dirname)}/` },
  { find: /^graphql$/, replacement: require.resolve('graphql') },
];

export default defineConfig({
  resolve: { alias },
  test: {
    pool: 'forks',
    // One test file per core. Vitest's default leaves one core free (cores - 1): on CI's two
    // cores that ran every file one after another, while a file spends much of its time waiting
    // on the database, the PDF tools and the browser.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/*.fault.test.ts', 'node_modules/**', 'e2e/**', '.next/**'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['**/*.integration.test.ts'],
          exclude: ['node_modules/**', '.next/**'],
          globalSetup: ['test/pglite-template.ts'],
          setupFiles: ['test/setup-db.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Faults against the production server on a private PostgreSQL and Redis (test/faults):
          // root for the tmpfs, the PostgreSQL server binaries, redis-server, and `next build` first.
          name: 'faults',
          include: ['test/faults/**/*.fault.test.ts'],
          // After every other project (npm test runs them all): the faults time their answers,
          // and run alone they do not share the two cores with the e2e server and the suites.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
