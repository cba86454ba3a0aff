import type { NextConfig } from 'next';

const dev = process.env.NODE_ENV === 'development';

/**
 * Every HTML page: no framing, no sniffing, and a CSP that allows only this origin. Next's
 * hydration scripts are inline (no nonce without dynamic rendering), so scripts keep
 * 'unsafe-inline' but load from nowhere else; the dev server also needs eval.
 */
const PAGE_SECURITY_HEADERS = [
  {
    key: 'Content-Security-Policy',
    value: [
      "default-src 'self'",
      `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' blob: data:",
      "font-src 'self'",
      "connect-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
];

const nextConfig: NextConfig = {
  // Native addons and wasm that must be loaded by Node, not bundled.
  serverExternalPackages: [
    '@resvg/resvg-js',
    '@electric-sql/pglite',
    'pglite-prisma-adapter',
    '@node-rs/argon2',
    '@prisma/schema-engine-wasm',
    // Loaded by the PDF reader's worker thread from node_modules, so it must ship there.
    'pdf-lib',
  ],
  // A self-contained server in .next/standalone (what a container or serverless host runs).
  output: 'standalone',
  // The renderer reads its fonts, seal layouts and data at run time, and uploads are read by a
  // worker thread started from its file: ship them with every route.
  outputFileTracingIncludes: {
    '/**': ['./templates/**/*', './lib/documents/pdf-inspect-worker.cjs', './node_modules/pdf-lib/**/*', './node_modules/@pdf-lib/**/*', './node_modules/pako/**/*', './node_modules/tslib/**/*'],
  },
  poweredByHeader: false,
  typedRoutes: false,
  async headers() {
    // The API under /v1, the gallery's SVG preview and the avatars set their own (CORS, an SVG's own CSP).
    return [{ source: '/((?!v1/|stamps/preview|avatars/).*)', headers: PAGE_SECURITY_HEADERS }];
  },
};

export default nextConfig;
