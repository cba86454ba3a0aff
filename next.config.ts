import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Native addons and wasm that must be loaded by Node, not bundled.
  serverExternalPackages: [
    '@resvg/resvg-js',
    '@electric-sql/pglite',
    'pglite-prisma-adapter',
    '@node-rs/argon2',
    '@prisma/schema-engine-wasm',
  ],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
