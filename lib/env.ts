import { z } from 'zod';

/** Environment variables, validated once; a bad value fails with a message naming it. */
const boolish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const positiveInt = (fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : Number(v)));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  APP_URL: z.string().url().default('http://localhost:3000'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GRAPHQL_INTROSPECTION: boolish,
  GRAPHQL_TIMEOUT_MS: positiveInt(30_000),
  PLAYGROUND_USER: z.string().optional(),
  PLAYGROUND_PASSWORD: z.string().optional(),
  /** Proxies in front that append to X-Forwarded-For: true = 1, false/unset = 0, or a number. */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|)$/, 'must be true, false or a number of proxies')
    .optional()
    .transform((v) => (v === 'true' ? 1 : v && /^\d+$/.test(v) ? Number(v) : 0)),
  /** An S3-compatible bucket for blobs (lib/storage); unset: files under DATA_DIR/blobs. */
  S3_BUCKET: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ENDPOINT: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  S3_PREFIX: z.string().default('blobs/'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** A licensing board's JSON API (lib/boards/http-source.ts); unset: the local registry. */
  BOARD_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BOARD_API_TIMEOUT_MS: positiveInt(5_000),
  /** How often a server re-checks credentials not checked for 7 days with their board; 0: never (run `npm run credentials:recheck` from cron instead). */
  CREDENTIAL_RECHECK_INTERVAL_MS: positiveInt(60 * 60 * 1000),
  /** How often the server removes blobs nothing references (0: never; run `npm run blobs:collect` from cron instead). */
  BLOB_COLLECT_INTERVAL_MS: positiveInt(6 * 60 * 60 * 1000),
  /** Encrypts signing certificates' private keys at rest: 32 bytes as 64 hex characters or base64; unset: generated into DATA_DIR/keys. */
  ENCRYPTION_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined))
    .refine((v) => v === undefined || /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32, 'must be 32 bytes: 64 hex characters or base64'),
  /** The service's own certificate authority (PEM certificate and PKCS#8 key) for requestSigningCertificate; unset: generated into DATA_DIR/ca. */
  SEAL_CA_CERT: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEAL_CA_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The seal log's Ed25519 signing key (PKCS#8 PEM) for its tree heads; unset: generated into DATA_DIR/keys/seal-log-ed25519.pem. */
  SEAL_LOG_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined))
    .refine((v) => v === undefined || /-----BEGIN PRIVATE KEY-----/.test(v), 'must be an Ed25519 private key in PKCS#8 PEM (-----BEGIN PRIVATE KEY-----)'),
  /** The base of verification URLs (a seal's code is appended); default APP_URL + /verify. */
  VERIFY_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** `verified`: sealing, and certificates from the service's CA, need a DOCUMENT_VERIFIED or ORGANIZATION_ATTESTED identity everywhere (IDENTITY_NOT_VERIFIED below it). Unset: each organization decides. */
  SEAL_MIN_IDENTITY: z
    .enum(['verified', 'none', ''])
    .optional()
    .transform((v) => (v === 'verified' ? 'verified' : 'none')),
  /** An RFC 3161 timestamp authority: PKI seals become PAdES B-T. Unset: B-B. */
  TSA_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TSA_TIMEOUT_MS: positiveInt(10_000),
  /** Redis for rate limits, sign-in lockouts and the persisted-query cache, shared by every instance (self-hosted). Unset: in memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** GraphQL requests a minute per client address (HTTP 429 past it). */
  GRAPHQL_RATE_LIMIT: positiveInt(100),
  /** PostgreSQL connections this process's pool may open (each instance, and the batch worker process, has its own; pg-boss adds 4). */
  DATABASE_POOL_SIZE: positiveInt(10).transform((n) => Math.max(1, n)),
  /** How long a stopping server (SIGTERM/SIGINT, scripts/server.ts) lets the requests under way finish before it closes their connections. */
  SHUTDOWN_GRACE_SECONDS: positiveInt(10),
  /**
   * How long (ms) an idle kept-alive connection stays open (scripts/server.ts; Next's standalone
   * server reads the same variable). Longer than a load balancer's idle timeout (AWS ALB: 60 s),
   * so the proxy, not the server, closes an idle connection: otherwise a request the proxy sends
   * on it as the server closes it comes back as a 502. Node's own default is 5 s.
   */
  KEEP_ALIVE_TIMEOUT: positiveInt(65_000).transform((n) => Math.max(1, n)),
  /** Threads of the PDF pool (lib/pdf/pool.ts). Default: one per core the process may use. */
  PDF_THREADS: positiveInt(0).transform((n) => (n >= 1 ? n : undefined)),
  /** Prefix of every key the app writes to Redis/Upstash (several deployments may share one). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/, 'must be 1 to 40 letters, digits, colons, dashes or underscores')
    .default('sw'),
  /** Upstash Redis over its REST API, for the same (Vercel). */
  UPSTASH_REDIS_REST_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  UPSTASH_REDIS_REST_TOKEN: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Stripe (decisions.md "Billing (Stripe)"): unset, billing answers BILLING_NOT_CONFIGURED. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Signs the webhooks at /v1/webhooks/stripe; unset, the webhook answers 503. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Stripe.js on /billing; unset, the page loads nothing from Stripe. */
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_/, 'must be a Stripe publishable key (pk_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Another host for the Stripe SDK (a local stand-in in tests). */
  STRIPE_API_BASE: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Batch items this instance seals at once (lib/batch); 0: no workers here (Vercel: the cron route drains the queue). Default: one per PDF thread. */
  BATCH_CONCURRENCY: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((v) => (v === undefined ? undefined : Number(v))),
  /** How long one batch item may stay claimed by an instance before another takes it over (a crashed instance's items). */
  BATCH_ITEM_TIMEOUT_SECONDS: positiveInt(300),
  /** How often the queue looks for claimed work whose instance died (pg-boss maintenance). */
  QUEUE_MAINTENANCE_SECONDS: positiveInt(60),
  /** The bearer token of GET /v1/cron/batch (Vercel sends it from its CRON_SECRET). Unset: the route answers 401. */
  CRON_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The bearer token of GET /v1/metrics (the process's memory and open files, for a soak or a monitor). Unset: that address answers 404. */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** An OpenAI-compatible API (OpenAI, Azure, Ollama, vLLM, llama.cpp), its /v1 included: https://api.openai.com/v1, http://localhost:11434/v1. Unset: search and chat answers work offline (lib/search, lib/chat). */
  AI_BASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Sent as `Authorization: Bearer …` to AI_BASE_URL (a local server may need none). */
  AI_API_KEY: z.string().optional(),
  /** With AI_BASE_URL: the embedding model chunks are embedded with at ingest; search then fuses cosine with full-text (reciprocal rank). */
  AI_EMBEDDING_MODEL: z.string().optional(),
  /** With AI_BASE_URL: the chat model that writes answers from the passages found; unset: extractive answers. */
  AI_CHAT_MODEL: z.string().optional(),
  /** How long one call to the AI service may take before the request fails with TIMEOUT. */
  AI_TIMEOUT_MS: positiveInt(30_000),
  /** Outgoing mail (lib/mail) over SMTP: smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465. Unset: each mail is written to DATA_DIR/outbox as an .eml file, and the log says where. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#]/, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The sender of the app's mail, as `Name <address>` or an address. Unset: Sealwright <no-reply@APP_URL's host>. */
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address or Name <address>, on one line')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type Env = z.infer<typeof schema>;

// Where DATA_DIR does not persist (Vercel), a generated key would change with every cold
// start and sign everyone out: the key must come from the environment.
const refined = schema.superRefine((e, ctx) => {
  if (!e.JWT_SECRET && process.env.VERCEL && e.NODE_ENV === 'production') {
    ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required on Vercel (DATA_DIR does not persist there)' });
  }
  if (!e.ENCRYPTION_KEY && process.env.VERCEL && e.NODE_ENV === 'production') {
    ctx.addIssue({ code: 'custom', path: ['ENCRYPTION_KEY'], message: 'is required on Vercel (DATA_DIR does not persist there)' });
  }
  if (!e.SEAL_LOG_KEY && process.env.VERCEL && e.NODE_ENV === 'production') {
    ctx.addIssue({ code: 'custom', path: ['SEAL_LOG_KEY'], message: 'is required on Vercel (DATA_DIR does not persist there, and auditors hold the log to one key)' });
  }
  if (Boolean(e.UPSTASH_REDIS_REST_URL) !== Boolean(e.UPSTASH_REDIS_REST_TOKEN)) {
    ctx.addIssue({
      code: 'custom',
      path: [e.UPSTASH_REDIS_REST_URL ? 'UPSTASH_REDIS_REST_TOKEN' : 'UPSTASH_REDIS_REST_URL'],
      message: 'UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN go together',
    });
  }
  if (Boolean(e.SEAL_CA_CERT) !== Boolean(e.SEAL_CA_KEY)) {
    ctx.addIssue({ code: 'custom', path: [e.SEAL_CA_CERT ? 'SEAL_CA_KEY' : 'SEAL_CA_CERT'], message: 'SEAL_CA_CERT and SEAL_CA_KEY go together' });
  }
});

/** Parse an environment (process.env by default); throws naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = refined.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** An absolute URL under APP_URL for a path of this app (`/v1/downloads/…`), whatever APP_URL's trailing slash. */
export function appUrl(path: string): string {
  return `${env().APP_URL.replace(/\/+$/, '')}${path}`;
}

let parsed: Env | undefined;

/**
 * The process's environment, parsed once on first use (the server parses it at start, so a
 * bad value stops it there). Code that must see a changed environment (tests) calls
 * `parseEnv()` itself.
 */
export function env(): Env {
  return (parsed ??= parseEnv(process.env));
}
