import { defineConfig } from 'prisma/config';

// The datasource URL is never read from here: the app connects through a driver
// adapter (PGlite or PostgreSQL, see lib/db) and migrates with the wasm engine.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
