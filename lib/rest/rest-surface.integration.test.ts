/**
 * The REST surface answers in its error format everywhere under /v1 (rest-interface.md,
 * decisions.md "REST details"): every route module exports every method, so Next never answers
 * a method with its own empty 405, and an address no endpoint serves is the catch-all route's
 * JSON 404 for any method, not Next's HTML page. (Next matches static and dynamic segments
 * before the catch-all; e2e/api-smoke.spec.ts checks that over a real server.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as catchAll from '../../app/v1/[[...path]]/route.ts';
import * as downloads from '../../app/v1/downloads/[versionId]/route.ts';
import * as graphqlSchema from '../../app/v1/graphql/schema/route.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const V1 = path.resolve(import.meta.dirname, '../../app/v1');

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? routeFiles(path.join(dir, e.name)) : e.name === 'route.ts' ? [path.join(dir, e.name)] : []));
}

describe('the REST error format under /v1', () => {
  it('every route under app/v1 exports GET, POST, PUT, PATCH and DELETE', async () => {
    const files = routeFiles(V1);
    expect(files.length).toBeGreaterThan(15);
    for (const file of files) {
      const mod = (await import(file)) as Record<string, unknown>;
      const missing = METHODS.filter((m) => typeof mod[m] !== 'function');
      expect(missing, path.relative(V1, file)).toEqual([]);
    }
  });

  it('/v1/downloads/:versionId and /v1/graphql/schema answer another method 405 with Allow and the REST error body', async () => {
    for (const wrong of [downloads.POST, downloads.PUT, downloads.PATCH, downloads.DELETE]) {
      const res = wrong();
      expect([res.status, res.headers.get('allow'), res.headers.get('content-type'), await res.json()]).toEqual([
        405,
        'GET, HEAD',
        'application/json',
        { error: 'method_not_allowed', message: 'Use GET on this endpoint.' },
      ]);
    }
    for (const wrong of [graphqlSchema.POST, graphqlSchema.PUT, graphqlSchema.PATCH, graphqlSchema.DELETE]) {
      const res = wrong();
      expect([res.status, res.headers.get('allow'), await res.json()]).toEqual([405, 'GET', { error: 'method_not_allowed', message: 'Use GET on this endpoint.' }]);
    }
    // The method it takes still answers the schema.
    const sdl = graphqlSchema.GET();
    expect(sdl.status).toBe(200);
    expect(await sdl.text()).toContain('type Query');
  });

  it('an address no endpoint serves is a JSON 404 in the REST error format, for every method', async () => {
    for (const method of [...METHODS, 'HEAD', 'OPTIONS'] as const) {
      const res = catchAll[method]();
      expect(res.status, method).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ error: 'not_found', message: expect.stringMatching(/^No endpoint at this address/) });
    }
  });
});
