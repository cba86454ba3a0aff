import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('defaults to the embedded database under ./data', () => {
    const e = parseEnv({});
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e).toMatchObject({ DATA_DIR: './data', GRAPHQL_TIMEOUT_MS: 30_000, GRAPHQL_INTROSPECTION: false });
  });
  it('sizes the database pool and the PDF pool from DATABASE_POOL_SIZE and PDF_THREADS, one at least', () => {
    expect(parseEnv({}).DATABASE_POOL_SIZE).toBe(10);
    expect(parseEnv({}).PDF_THREADS).toBeUndefined();
    expect(parseEnv({ DATABASE_POOL_SIZE: '25', PDF_THREADS: '3' })).toMatchObject({ DATABASE_POOL_SIZE: 25, PDF_THREADS: 3 });
    expect(parseEnv({ DATABASE_POOL_SIZE: '0', PDF_THREADS: '0' }).DATABASE_POOL_SIZE).toBe(1);
    expect(parseEnv({ PDF_THREADS: '0' }).PDF_THREADS).toBeUndefined();
    expect(() => parseEnv({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE: must be a whole number/);
  });
  it('names each bad variable', () => {
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', GRAPHQL_TIMEOUT_MS: 'soon' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/[\s\S]*JWT_SECRET: must be at least 32 characters[\s\S]*GRAPHQL_TIMEOUT_MS: must be a whole number/,
    );
  });
});

describe('JWT_SECRET, ENCRYPTION_KEY and SEAL_LOG_KEY on Vercel', () => {
  it('is required in production there', () => {
    const vercel = process.env.VERCEL;
    process.env.VERCEL = '1';
    try {
      expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required on Vercel/);
      expect(() => parseEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(/ENCRYPTION_KEY: is required on Vercel/);
      expect(() => parseEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'ab'.repeat(32) })).toThrow(/SEAL_LOG_KEY: is required on Vercel/);
      const logKey = crypto.generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      expect(parseEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'ab'.repeat(32), SEAL_LOG_KEY: logKey }).JWT_SECRET).toHaveLength(32);
    } finally {
      if (vercel === undefined) delete process.env.VERCEL;
      else process.env.VERCEL = vercel;
    }
  });
});
