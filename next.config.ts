import path from 'node:path';
import type { NextConfig } from 'next';
import { SIGNED_IN_SEGMENTS_ENV, signedInSegments } from './lib/web/signed-in-paths.ts';

const dev = process.env.NODE_ENV === 'development';

/** The CSP of every HTML page, plus the hosts one page needs (`extra[directive]`). */
function contentSecurityPolicy(extra: Partial<Record<'script-src' | 'frame-src' | 'connect-src' | 'img-src', string>> = {}): string {
  const add = (directive: keyof typeof extra) => (extra[directive] ? ` ${extra[directive]}` : '');
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}${add('script-src')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' blob: data:${add('img-src')}`,
    "font-src 'self'",
    `connect-src 'self' blob:${add('connect-src')}`,
    ...(extra['frame-src'] ? [`frame-src${add('frame-src')}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Every HTML page: no framing, no sniffing, and a CSP that allows only this origin. Next's
 * hydration scripts are inline (no nonce without dynamic rendering), so scripts keep
 * 'unsafe-inline' but load from nowhere else; the dev server also needs eval.
 */
const PAGE_SECURITY_HEADERS = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy() },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
];

/** /billing alone may load Stripe.js, frame its fields and call its API (Stripe's documented CSP). */
const BILLING_CSP = {
  key: 'Content-Security-Policy',
  value: contentSecurityPolicy({
    'script-src': 'https://js.stripe.com https://*.js.stripe.com',
    'frame-src': 'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
    'connect-src': 'https://api.stripe.com',
    'img-src': 'https://*.stripe.com',
  }),
};

const nextConfig: NextConfig = {
  // Native addons and wasm that must be loaded by Node, not bundled.
  serverExternalPackages: [
    '@resvg/resvg-js',
    '@electric-sql/pglite',
    'pglite-prisma-adapter',
    '@node-rs/argon2',
    '@prisma/schema-engine-wasm',
    // The PDF pool (lib/pdf/pool.ts): piscina starts its threads from its own files, which run
    // lib/pdf/worker/ as it is on disk, importing pdf-lib and the rest from node_modules.
    'piscina',
    'pdf-lib',
    // The job queue (lib/queue): CommonJS with its own pg pool, loaded as it is.
    'pg-boss',
  ],
  // A self-contained server in .next/standalone (what a container or serverless host runs).
  output: 'standalone',
  // The renderer reads its fonts, seal layouts and data at run time, and the PDF pool's threads
  // run lib/pdf/worker/ from disk with the packages it imports: ship them with every route.
  outputFileTracingIncludes: {
    '/**': [
      './templates/**/*',
      './lib/pdf/worker/**/*',
      ...['piscina', '@napi-rs/nice*', 'pdf-lib', '@pdf-lib', 'pako', 'tslib', 'qrcode', 'dijkstrajs', 'pngjs', 'pkijs', 'asn1js', '@peculiar/utils', 'bytestreamjs', '@noble/hashes'].map(
        (pkg) => `./node_modules/${pkg}/**/*`,
      ),
      // Thumbnails (render-thumbnail.mjs): pdf.js's Node build with its font data, and the Skia canvas it draws on.
      ...['legacy/build', 'standard_fonts', 'cmaps', 'wasm', 'iccs'].map((dir) => `./node_modules/pdfjs-dist/${dir}/**/*`),
      './node_modules/pdfjs-dist/package.json',
      './node_modules/@napi-rs/canvas*/**/*',
    ],
  },
  // proxy.ts's signed-in sections: every page folder of app/ but the public ones, read at build time.
  env: { [SIGNED_IN_SEGMENTS_ENV]: signedInSegments(path.join(import.meta.dirname, 'app')).join(',') },
  poweredByHeader: false,
  typedRoutes: false,
  async headers() {
    // The API under /v1, the gallery's SVG preview and the avatars set their own (CORS, an SVG's own CSP).
    // The later rule's CSP replaces the first for /billing.
    return [
      { source: '/((?!v1/|stamps/preview|avatars/).*)', headers: PAGE_SECURITY_HEADERS },
      { source: '/billing', headers: [BILLING_CSP] },
    ];
  },
};

export default nextConfig;
