/**
 * A fuzz of the stamp parameters over real HTTP (issue 29 item 6, the stamp half; the GraphQL
 * half is lib/graphql/fuzz.integration.test.ts): POST /v1/stamp, and the GraphQL stamp fields of
 * one's own credentials (createCredential's name, license, state and profession, then stampSvg
 * and exportCredentialStamp in every format at the user's stampExportSize), both route handlers
 * served on a local port. Bodies are generated from a fixed seed: every profession and every
 * state (by code and by name, in any case), every format, huge, NUL, bidi, emoji and odd-unicode
 * strings, boundary numbers, wrong types, the 19 style parameters in and out of their rules,
 * missing fields, and bodies of the wrong kind. Whatever is sent, the answer is the stamp in the
 * format asked or a documented 4xx ({"error", "message"} for REST; a known code for GraphQL):
 * never a 5xx, never an internal error, and within HANG_MS. FUZZ_SEED and FUZZ_ROUNDS change the
 * run; FUZZ_STATS=1 prints the answers' statuses and codes, FUZZ_STATS=2 every refusal's words;
 * FUZZ_TRACE=<file> writes each REST body there before it is sent, so a crash of the process
 * (a native panic aborts it, and this test with it) leaves the body that caused it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as graphqlRoute from '../../app/v1/graphql/route.ts';
import * as stampRoute from '../../app/v1/stamp/route.ts';
import { seedCredential, seedProfessional, seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { serveRoutes } from '../../test/route-server.ts';
import type { RouteServer } from '../../test/route-server.ts';
import { sealTextRefusal } from '../credentials/credential-stamp.ts';
import { isErrorCode } from '../errors.ts';
import { prng } from '../prng.ts';
import { STAMP_EXPORT_FORMATS } from './export.ts';
import { STATE_CODES, stateName } from './jurisdictions.ts';
import { JURISDICTIONS_WITHOUT_TEMPLATES } from './states.ts';
import { PROFESSION_SLUGS } from './professions.ts';
import { STYLE_NAMES } from './style.ts';

const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
const HANG_MS = 20_000;

/** Strings no field expects: huge, NUL, bidi, zero-width, emoji, scripts the fonts lack, combining marks, a lone surrogate, markup. */
const ODD = [
  '',
  ' ',
  '\t\n\r',
  'x'.repeat(100_000),
  'W'.repeat(121),
  'nul\u0000byte',
  '\u202eevil\u202c.exe',
  '\u200b\u200d\u2060',
  '😀🔥👩‍👩‍👧',
  '李小龙',
  'مهندس',
  'e\u0301\u0301\u0301\u0301',
  'Z\u0334\u0321\u0322\u031ba\u0337l\u0336g\u0338o\u0335',
  '\ud800',
  '\uffff\ufffe',
  '\u0085\u2028\u2029',
  '<script>alert(1)</script>',
  ']]><!--&amp;"\'\\',
  "' OR 1=1 --",
  '../../etc/passwd',
  '１２３４５６',
  'ＴＸ',
  '١٢٣',
  'ﬁﬂ',
];
const NAMES = ['Jane Q. Engineer', 'Zoë Müller-Ortíz', "Seán O'Brien-Smith", 'Ελένη Παπαδοπούλου', 'Иван Петров', 'A'.repeat(120), 'J'];
const LICENSES = ['123456', 'PE-0042', 'ARC 12.345', 'A'.repeat(40), '0'];
const NUMBERS = [0, -0, 1, -1, 0.5, 123456, 2 ** 53, 1e21, 1.7976931348623157e308, -1e308, 5e-324];
const WRONG_TYPES = [true, false, null, [], ['TX'], {}, { value: 'TX' }, [[['deep']]]];
const FORMATS = ['svg', 'png', 'pdf', 'SVG', 'Pdf', ' png ', 'gif', 'jpeg', ''];
/** Style values within each rule, boundaries included (tiny and huge sizes, spacings and widths, ten short dashes). */
const STYLE_VALID: Record<string, string[]> = {
  font_family: ['Helvetica, Liberation Sans, sans-serif', "'Liberation Serif', serif", 'Comic Sans', 'x'.repeat(200)],
  font_weight: ['normal', 'bold', 'bolder', 'lighter', '100', '900'],
  font_style: ['normal', 'italic', 'oblique'],
  font_size: ['12', '12px', '9pt', '1.2em', '110%', '0.0001', '.5', '96', '72pt', '8em', '800%'],
  font_variant: ['normal', 'small-caps'],
  font_stretch: ['normal', 'ultra-condensed', 'ultra-expanded'],
  letter_spacing: ['normal', '0.5px', '-0.02em', '-8em', '100px', '-75pt', '0'],
  word_spacing: ['normal', '2px', '0.1em', '-8rem', '75pt', '-100'],
  text_decoration: ['none', 'underline', 'line-through', 'overline'],
  text_anchor: ['start', 'middle', 'end'],
  fill: ['#000', '#abcd', '#00000000', 'none', 'transparent', 'currentColor'],
  fill_opacity: ['0', '1', '0.5', '.25', '1.0000'],
  stroke: ['#f00', 'none', 'currentColor', '#ffffffff'],
  stroke_width: ['0', '0.5', '1px', '10', '7.5pt', '1em', '0.0001em'],
  stroke_opacity: ['0', '0.5', '1'],
  stroke_linecap: ['butt', 'round', 'square'],
  stroke_linejoin: ['miter', 'round', 'bevel', 'miter-clip', 'arcs'],
  stroke_dasharray: ['4,2', '1.5, 1, 3', '0.5,0.5', Array(10).fill('0.5').join(','), '999999999,1', '0,1'],
  opacity: ['0', '1', '0.5'],
};
/** Style values each rule refuses. */
const STYLE_INVALID: Record<string, string[]> = {
  font_family: ['x'.repeat(201), 'url(evil)', 'a;b', 'Ünïcødé'],
  font_weight: ['950', 'heavy', '400.5'],
  font_style: ['slanted', 'ITALIC'],
  font_size: ['0', '-5px', '1e3', '12vh', 'NaN', '96.5', '999999999', '100em', '801%'],
  font_variant: ['all-caps'],
  font_stretch: ['squashed'],
  letter_spacing: ['1e9px', '--1px', '1 px', '-999999em', '100.5px', '8.5em'],
  word_spacing: ['wide', '1e2em', '99999999pt', '-76pt'],
  text_decoration: ['blink'],
  text_anchor: ['left'],
  fill: ['red', '#12', '#gggggg', 'url(#x)'],
  fill_opacity: ['1.5', '-0', '0,5'],
  stroke: ['url(#x)', 'rgb(0,0,0)'],
  stroke_width: ['-1', '1e6', '1pc', '999999999', '100em', '10.5', '8pt'],
  stroke_opacity: ['2', '-.1'],
  stroke_linecap: ['pointy'],
  stroke_linejoin: ['sharp'],
  stroke_dasharray: [Array(11).fill('1').join(','), '0.1,0.1', '0,0', '1,-1', ''],
  opacity: ['1.1', 'half'],
};
const OPTIONAL_TEXT = ['discipline', 'city', 'date', 'state_label'] as const;

/** Every state as a client might write it, and the places that have no seal template or are no state. */
function stateWritings(code: (typeof STATE_CODES)[number]): string[] {
  const name = stateName(code);
  return [code, code.toLowerCase(), name, name.toUpperCase(), `State of ${name}`, ` ${name.toLowerCase()} `];
}
const NOT_STATES = [...Object.keys(JURISDICTIONS_WITHOUT_TEMPLATES), 'Puerto Rico', 'ZZ', 'Texas!!', 'TX1', 'Atlantis'];

interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
  took: number;
  aborted: boolean;
}

let server: RouteServer;
let clients = 0;

/** POST over real HTTP from a client address of its own (the per-IP limits stay in the path, untripped). */
async function post(path: string, body: string, contentType: string, headers: Record<string, string> = {}): Promise<Answer> {
  clients += 1;
  const started = Date.now();
  try {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'x-forwarded-for': `198.18.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`, ...headers },
      body,
      signal: AbortSignal.timeout(HANG_MS),
    });
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()), took: Date.now() - started, aborted: false };
  } catch (err) {
    if ((err as Error).name !== 'TimeoutError') throw err;
    return { status: 0, contentType: '', body: Buffer.alloc(0), took: Date.now() - started, aborted: true };
  }
}

/** A value shown in a failure: long strings cut, so the report stays readable. */
const shown = (value: unknown) => JSON.stringify(value, (_k, v) => (typeof v === 'string' && v.length > 40 ? `${v.slice(0, 20)}…(${v.length})` : v));

beforeAll(async () => {
  server = await serveRoutes({ '/v1/stamp': stampRoute, '/v1/graphql': graphqlRoute });
});
afterAll(() => server.close());

describe('stamp fuzz: POST /v1/stamp with generated bodies', () => {
  it('answers the stamp in the format asked or a documented 4xx, never a 5xx or a hang', async () => {
    const random = prng(SEED);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
    /** Anything a field does not expect. */
    const hostile = (): unknown => (random() < 0.6 ? pick(ODD) : random() < 0.5 ? pick(NUMBERS) : pick(WRONG_TYPES));

    const failures: string[] = [];
    const seen = { formats: new Set<string>(), states: new Set<string>(), professions: new Set<string>() };
    const statuses = new Map<string, number>();
    let slowest = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      // A body the endpoint accepts: every state and every profession in turn (each twice over,
      // once as it is and once changed), each written one of its ways, a format and style values
      // within their rules at random.
      const turn = Math.floor(round / 2);
      const code = STATE_CODES[turn % STATE_CODES.length];
      const profession = PROFESSION_SLUGS[turn % PROFESSION_SLUGS.length];
      const params: Record<string, unknown> = {
        name: pick(NAMES),
        license: pick(LICENSES),
        state: pick(stateWritings(code)),
        format: pick(['svg', 'png', 'pdf', 'SVG', 'Pdf', ' png ']),
      };
      if (random() < 0.8) params.profession = random() < 0.8 ? profession : profession.toUpperCase();
      for (const key of OPTIONAL_TEXT) if (random() < 0.25) params[key] = pick(['CIVIL', 'Austin', '2026-11-28', 'TX']);
      for (const name of STYLE_NAMES) if (random() < 0.15) params[name] = pick(STYLE_VALID[name]);
      // Then, every other round, one to three changes: a field left out, or given an odd string,
      // a number, a wrong type, a style value its rule refuses, another state, profession or format.
      const changes = round % 2 === 0 ? 0 : 1 + Math.floor(random() * 3);
      for (let c = 0; c < changes; c += 1) {
        const key = pick(['name', 'license', 'state', 'profession', 'format', ...OPTIONAL_TEXT, ...STYLE_NAMES]);
        const r = random();
        if (r < 0.15) delete params[key];
        else if (r < 0.3 && key === 'state') params.state = pick(NOT_STATES);
        else if (r < 0.3 && key === 'profession') params.profession = pick(['astronaut', 'Engineer ', 'civil engineer']);
        else if (r < 0.3 && key === 'format') params.format = pick(FORMATS);
        else if (r < 0.35 && key in STYLE_INVALID) params[key] = pick(STYLE_INVALID[key]);
        else params[key] = hostile();
      }
      // Mostly JSON; a urlencoded form writes each value as text; now and then a body of the wrong kind.
      const kind = changes === 0 ? 0 : random();
      let body: string;
      let contentType = 'application/json';
      if (kind < 0.8) body = JSON.stringify(params);
      else if (kind < 0.93) {
        contentType = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, typeof v === 'string' ? v : JSON.stringify(v)]]))).toString();
      } else {
        [body, contentType] = pick<[string, string]>([
          ['{"name": "Jane", ', 'application/json'],
          ['[]', 'application/json'],
          ['null', 'application/json'],
          ['"TX"', 'application/json'],
          [JSON.stringify(params), 'text/plain'],
          [JSON.stringify(params), 'application/json; charset=utf-16'],
          ['name=%E0%A4%A&license=1&state=TX', 'application/x-www-form-urlencoded'],
          ['', 'application/json'],
        ]);
      }

      if (process.env.FUZZ_TRACE) fs.writeFileSync(process.env.FUZZ_TRACE, `${round} ${contentType} ${body}`);
      const answer = await post('/v1/stamp', body, contentType);
      statuses.set(String(answer.status), (statuses.get(String(answer.status)) ?? 0) + 1);
      slowest = Math.max(slowest, answer.took);
      if (process.env.FUZZ_STATS === '2' && answer.status !== 200) console.log('REST', answer.status, answer.body.toString('utf8').slice(0, 160));
      const problem = ((): string | null => {
        if (answer.aborted) return `no answer within ${HANG_MS} ms`;
        if (answer.took > HANG_MS) return `answered in ${answer.took} ms`;
        if (answer.status >= 500) return `HTTP ${answer.status}: ${answer.body.toString('utf8').slice(0, 200)}`;
        if (answer.status === 200) {
          const format = (typeof params.format === 'string' ? params.format.trim().toLowerCase() : '') || 'png';
          const expected = { svg: 'image/svg+xml', png: 'image/png', pdf: 'application/pdf' }[format];
          if (!expected || !answer.contentType.startsWith(expected)) return `200 as ${answer.contentType} for format ${shown(params.format)}`;
          const head = answer.body.subarray(0, 8).toString('latin1');
          const magic = { svg: /^(<\?xml|<svg)/, png: /^\x89PNG/, pdf: /^%PDF-/ }[format as 'svg' | 'png' | 'pdf'];
          if (!magic.test(head)) return `200 whose body starts ${shown(head)} for ${format}`;
          seen.formats.add(format);
          seen.states.add(code);
          seen.professions.add(
            String(params.profession ?? '')
              .trim()
              .toLowerCase() || 'engineer',
          );
          return null;
        }
        // A documented refusal: its status, JSON {"error": word, "message": words}.
        if (![400, 404, 413, 415, 429].includes(answer.status)) return `HTTP ${answer.status}, not a documented status`;
        if (!answer.contentType.startsWith('application/json')) return `HTTP ${answer.status} as ${answer.contentType}`;
        let parsed: unknown;
        try {
          parsed = JSON.parse(answer.body.toString('utf8'));
        } catch {
          return `HTTP ${answer.status} whose body is not JSON: ${answer.body.toString('utf8').slice(0, 100)}`;
        }
        const { error, message } = (parsed ?? {}) as { error?: unknown; message?: unknown };
        if (typeof error !== 'string' || !/^[a-z_]+$/.test(error) || typeof message !== 'string' || message.trim() === '') return `HTTP ${answer.status} with body ${shown(parsed)}`;
        return null;
      })();
      if (problem) failures.push(`round ${round} (seed ${SEED}): ${problem}; ${contentType} body ${shown(contentType.includes('json') && body.startsWith('{"') ? JSON.parse(body) : body)}`);
    }
    if (process.env.FUZZ_STATS)
      console.log('POST /v1/stamp', Object.fromEntries(statuses), { formats: [...seen.formats], states: seen.states.size, professions: seen.professions.size, slowestMs: slowest });
    expect(failures).toEqual([]);
    // The run reached the renderer in every format, for every state and profession.
    if (ROUNDS >= 2 * STATE_CODES.length) {
      expect([...seen.formats].sort()).toEqual(['pdf', 'png', 'svg']);
      expect(seen.states.size).toBe(STATE_CODES.length);
      expect([...seen.professions].sort()).toEqual([...PROFESSION_SLUGS].sort());
    }
  }, 900_000);
});

describe('POST /v1/stamp: what the fuzz found', () => {
  // Found by the fuzz (seeds 99 and 101, 900 rounds): a PNG with stroke_width 999999999, or
  // font_size 999999999 with letter_spacing -999999em, made resvg's rasterizer (tiny-skia)
  // panic, which aborted the whole server process ("fatal runtime error: failed to initiate
  // panic"). Lengths were unbounded; below the panic, a 100em font outlined by a 100em stroke in
  // dashes of 0.5 took 16 s of the request thread. A seal is 200 units across and its text is
  // set at 12 px: sizes, spacings and stroke widths now have a cap per unit, and past it a 400 in words.
  it('refuses a font size, spacing or stroke width past its cap in words, and draws the costliest allowed stamp as PNG within seconds', async () => {
    const base = { name: 'W'.repeat(120), license: 'A'.repeat(40), state: 'State of Alaska', profession: 'civil-engineer', format: 'png', stroke: '#f00' };
    const refusals: Array<[string, string, string]> = [
      ['stroke_width', '999999999', 'a number optionally followed by px, pt, em or rem, at most 10px (7.5pt, 1em, 1rem) (0.5, 1px)'],
      ['stroke_width', '100000000em', 'a number optionally followed by px, pt, em or rem, at most 10px (7.5pt, 1em, 1rem) (0.5, 1px)'],
      ['stroke_width', '8pt', 'a number optionally followed by px, pt, em or rem, at most 10px (7.5pt, 1em, 1rem) (0.5, 1px)'],
      ['font_size', '999999999', 'a number above 0 and at most 96px (72pt, 8em, 8rem, 800%), optionally followed by px, pt, em, rem or % (12, 12px, 9pt, 1.2em, 110%)'],
      ['font_size', '100em', 'a number above 0 and at most 96px (72pt, 8em, 8rem, 800%), optionally followed by px, pt, em, rem or % (12, 12px, 9pt, 1.2em, 110%)'],
      ['font_size', '801%', 'a number above 0 and at most 96px (72pt, 8em, 8rem, 800%), optionally followed by px, pt, em, rem or % (12, 12px, 9pt, 1.2em, 110%)'],
      ['letter_spacing', '-999999em', 'normal, or a number with an optional unit px, pt, em or rem, negatives allowed, at most 100px (75pt, 8em, 8rem) either way (0.5px, -0.02em)'],
      ['word_spacing', '100.5px', 'normal, or a number with an optional unit px, pt, em or rem, negatives allowed, at most 100px (75pt, 8em, 8rem) either way (2px, 0.1em)'],
    ];
    for (const [key, value, accepts] of refusals) {
      const answer = await post('/v1/stamp', JSON.stringify({ ...base, [key]: value }), 'application/json');
      expect(answer.status, `${key} ${value}`).toBe(400);
      expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ error: 'bad_request', message: `Invalid ${key}: ${JSON.stringify(value)}. ${key} accepts ${accepts}.` });
    }
    // At every cap at once, in the costliest way to draw (tiny dashes round every glyph): a PNG, in seconds.
    for (const caps of [
      { font_size: '96px', stroke_width: '10', letter_spacing: '-100px', word_spacing: '-8em' },
      { font_size: '8em', stroke_width: '1em', letter_spacing: '-8em', word_spacing: '8em' },
      { font_size: '800%', stroke_width: '7.5pt', letter_spacing: '75pt', word_spacing: '-75pt' },
    ]) {
      const answer = await post('/v1/stamp', JSON.stringify({ ...base, ...caps, stroke_dasharray: Array(10).fill('0.5').join(','), stroke_linecap: 'round' }), 'application/json');
      expect(answer.status, JSON.stringify(caps)).toBe(200);
      expect(answer.body.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(answer.took, JSON.stringify(caps)).toBeLessThan(5000);
    }
  });

  // Found by the fuzz (seed 2): a format of invisible characters ("\ud800", "\u200b") was made
  // empty as printed text is, and so answered the default PNG; a profession likewise the
  // default engineer's seal. Blank means the default; anything else must be a known keyword.
  it('refuses a format or profession of invisible characters with 400, as any unknown one, and takes a blank one as the default', async () => {
    const base = { name: 'Jane Q. Engineer', license: '123456', state: 'TX' };
    for (const [key, value] of [
      ['format', '\ud800'],
      ['format', '\u200b'],
      ['format', '\u202e'],
      ['profession', '\u200b\u200d'],
      ['profession', '\u2060'],
    ]) {
      const answer = await post('/v1/stamp', JSON.stringify({ ...base, [key]: value }), 'application/json');
      expect(answer.status, `${key} ${JSON.stringify(value)}`).toBe(400);
      const body = JSON.parse(answer.body.toString('utf8'));
      expect(body.error).toBe('bad_request');
      expect(body.message).toMatch(key === 'format' ? /^Unknown format: .* format accepts one of svg, png, pdf\.$/ : /^Unknown profession: /);
    }
    for (const blank of ['', '   ']) {
      const answer = await post('/v1/stamp', JSON.stringify({ ...base, format: blank, profession: blank }), 'application/json');
      expect(answer.status).toBe(200);
      expect(answer.contentType).toBe('image/png');
    }
    const spaced = await post('/v1/stamp', JSON.stringify({ ...base, format: ' SVG ', profession: ' Civil-Engineer ' }), 'application/json');
    expect(spaced.status).toBe(200);
    expect(spaced.body.toString('utf8')).toContain('>CIVIL<');
  });
});

describe("stamp fuzz: the GraphQL stamp fields of one's own credentials", () => {
  let user: SeededUser;

  beforeAll(async () => {
    user = await seedUser({ planLevel: 'TEAM', displayName: 'Jordan Ellis' });
  });

  /** POST a GraphQL operation over real HTTP as the user; what failed about the answer, or null. */
  async function ask(query: string, variables: Record<string, unknown>): Promise<{ problem: string | null; data: Record<string, any> | null; codes: string[] }> {
    const answer = await post('/v1/graphql', JSON.stringify({ query, variables }), 'application/json', { authorization: `Bearer ${user.accessToken}` });
    if (answer.aborted) return { problem: `no answer within ${HANG_MS} ms`, data: null, codes: [] };
    if (answer.took > HANG_MS) return { problem: `answered in ${answer.took} ms`, data: null, codes: [] };
    if (answer.status >= 500) return { problem: `HTTP ${answer.status}: ${answer.body.toString('utf8').slice(0, 200)}`, data: null, codes: [] };
    const body = JSON.parse(answer.body.toString('utf8')) as { data?: Record<string, any> | null; errors?: Array<{ message?: unknown; extensions?: { code?: unknown; status_code?: unknown } }> };
    const errors = body.errors ?? [];
    const codes = errors.map((e) => String(e.extensions?.code));
    if (process.env.FUZZ_STATS === '2') for (const e of errors) console.log(e.extensions?.code, String(e.message).slice(0, 200));
    const bad = errors.filter((e) => typeof e.message !== 'string' || !isErrorCode(e.extensions?.code) || e.extensions?.code === 'INTERNAL_SERVER_ERROR');
    if (bad.length > 0) return { problem: `HTTP ${answer.status}, errors ${shown(bad)}`, data: body.data ?? null, codes };
    if (answer.status >= 400 && errors.length === 0) return { problem: `HTTP ${answer.status} without errors`, data: null, codes };
    return { problem: null, data: body.data ?? null, codes };
  }

  it('answers createCredential, stampSvg and exportCredentialStamp in every format with data or a documented error, never a 5xx or a hang', async () => {
    const random = prng(SEED + 1);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
    const failures: string[] = [];
    const codes = new Map<string, number>();
    const count = (list: string[]) => list.forEach((c) => codes.set(c, (codes.get(c) ?? 0) + 1));
    let rendered = 0;
    const rounds = Math.max(10, Math.round(ROUNDS / 3));
    for (let round = 0; round < rounds; round += 1) {
      const code = STATE_CODES[(round * 7) % STATE_CODES.length];
      const profession = PROFESSION_SLUGS[round % PROFESSION_SLUGS.length];
      // The credential's name is the account's: set the account's first, odd or not.
      const name = random() < 0.6 ? pick(NAMES) : pick(ODD);
      const profile = await ask('mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { displayName stampExportSize } }', {
        i: { displayName: name, stampExportSize: pick(['small', 'medium', 'large', 'huge', '', 'x'.repeat(1000), null]) },
      });
      count(profile.codes);
      if (profile.problem) failures.push(`updateProfile round ${round} (seed ${SEED}): ${profile.problem}; name ${shown(name)}`);

      const input: Record<string, unknown> = {
        licenseNumber: random() < 0.75 ? `${pick(LICENSES)}${crypto.randomInt(1e6)}`.slice(0, 40) : pick(ODD),
        regionCode: random() < 0.8 ? pick([code, code.toLowerCase(), ` ${code} `]) : pick([...NOT_STATES, ...ODD]),
        licenseType: random() < 0.8 ? profession : pick(['ENGINEER', 'astronaut', ...ODD]),
      };
      if (random() < 0.5) input.displayName = random() < 0.7 ? name : pick(ODD);
      if (random() < 0.4) input.expirationDate = pick(['2030-01-31', '1999-12-31', '9999-12-31', '0000-00-00', '2026-02-30', 'soon']);
      const created = await ask('mutation($i: CreateCredentialInput!) { createCredential(input: $i) { id stampSvg } }', { i: input });
      count(created.codes);
      if (created.problem) failures.push(`createCredential round ${round} (seed ${SEED}): ${created.problem}; input ${shown(input)}`);
      const id = created.data?.createCredential?.id as string | undefined;
      if (!id) continue;
      for (const format of STAMP_EXPORT_FORMATS) {
        const exported = await ask('mutation($id: UUID!, $f: StampExportFormat!) { exportCredentialStamp(id: $id, format: $f) { data filename contentType } }', { id, f: format });
        count(exported.codes);
        if (exported.problem) failures.push(`exportCredentialStamp ${format} round ${round} (seed ${SEED}): ${exported.problem}; input ${shown(input)}`);
        else if (exported.data?.exportCredentialStamp?.data) rendered += 1;
      }
      const svg = await ask('query($id: UUID!) { credential(id: $id) { stampSvg } credentials { id stampSvg } }', { id });
      count(svg.codes);
      if (svg.problem) failures.push(`stampSvg round ${round} (seed ${SEED}): ${svg.problem}; input ${shown(input)}`);
      // Made room for the next: a TEAM plan holds 50 credentials.
      count((await ask('mutation($id: UUID!) { deleteCredential(id: $id) { id } }', { id })).codes);
    }

    // Credentials whose stored facts never came through createCredential's checks (older rows,
    // a board's spelling): their stamp fields answer as well, or refuse in words.
    const stored = [
      { displayName: '李小龙' },
      { displayName: '😀 Emoji Person' },
      { displayName: 'W'.repeat(200) },
      { displayName: '\u202eevil\u202c' },
      { displayName: '\u200b' },
      { licenseNumber: 'L'.repeat(100) },
      { licenseType: 'astronaut' },
      { regionCode: 'DC' },
      { regionCode: 'ZZ' },
      { regionCode: 'tx' },
      { expirationDate: '9999-12-31' },
    ];
    let unprintable = 0;
    for (const [i, facts] of stored.entries()) {
      const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId, licenseNumber: `ODD${i}${crypto.randomInt(1e6)}`, ...facts });
      for (const format of STAMP_EXPORT_FORMATS) {
        const exported = await ask('mutation($id: UUID!, $f: StampExportFormat!) { exportCredentialStamp(id: $id, format: $f) { data } }', { id: credential.id, f: format });
        count(exported.codes);
        if (exported.problem) failures.push(`stored credential ${shown(facts)} ${format}: ${exported.problem}`);
      }
      const svg = await ask('query($id: UUID!) { credential(id: $id) { stampSvg canSeal } credentials { id stampSvg } }', { id: credential.id });
      count(svg.codes);
      if (svg.problem) failures.push(`stored credential ${shown(facts)} stampSvg: ${svg.problem}`);
      // canSeal says no for a credential whose seal cannot be printed: it could never place one.
      const printable = sealTextRefusal(credential) === null;
      if (!printable) unprintable += 1;
      const canSealNow = (svg.data?.credential as { canSeal?: boolean } | undefined)?.canSeal;
      if (canSealNow !== printable) failures.push(`stored credential ${shown(facts)}: canSeal ${canSealNow}, but its seal ${printable ? 'prints' : 'cannot be printed'}`);
      // Its holder's list still answers, this credential in it: its stampSvg is the seal, or an
      // image that says why it cannot be drawn (never an error that empties the list).
      const listed = await post('/v1/graphql', JSON.stringify({ query: '{ credentials { id stampSvg } }' }), 'application/json', { authorization: `Bearer ${user.accessToken}` });
      const body = JSON.parse(listed.body.toString('utf8'));
      const own = body.data?.credentials?.find((x: { id: string }) => x.id === credential.id);
      if (body.errors || !own || !/^<svg /.test(own.stampSvg)) failures.push(`stored credential ${shown(facts)}: credentials { stampSvg } answered ${listed.body.toString('utf8').slice(0, 300)}`);
      await ask('mutation($id: UUID!) { deleteCredential(id: $id) { id } }', { id: credential.id });
    }
    if (process.env.FUZZ_STATS) console.log('GraphQL stamp fields', Object.fromEntries(codes), { rendered });
    expect(failures).toEqual([]);
    expect(rendered).toBeGreaterThan(0);
    expect(unprintable, 'stored credentials whose seal cannot be printed').toBeGreaterThan(0);
  }, 900_000);

  // Found by this fuzz: createCredential took a name its seal cannot print (121 to 200
  // characters, or letters the stamp fonts lack), stored the credential, then answered
  // BAD_USER_INPUT from its stampSvg, and from then on every `credentials { stampSvg }` of the
  // user answered no data at all. Such a credential could never seal either.
  it('refuses a credential whose name or license number its seal cannot print, storing nothing, from createCredential and claimProfessional alike', async () => {
    const holder = await seedUser({ planLevel: 'TEAM', displayName: 'Jordan Ellis' });
    const as = (query: string, variables: Record<string, unknown>) =>
      post('/v1/graphql', JSON.stringify({ query, variables }), 'application/json', { authorization: `Bearer ${holder.accessToken}` }).then((a) => ({
        status: a.status,
        body: JSON.parse(a.body.toString('utf8')),
      }));
    const count = async () => (await as('query { me { credentialCount } credentials { id stampSvg } }', {})).body;
    const cases: Array<[string, string, RegExp]> = [
      ['W'.repeat(121), `PE${crypto.randomInt(1e6)}`, /name is at most 120 characters; got 121/],
      ['李小龙', `PE${crypto.randomInt(1e6)}`, /name contains characters the stamp fonts cannot draw: "李", "小", "龙"/],
    ];
    for (const [name, licenseNumber, words] of cases) {
      expect((await as('mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { displayName } }', { i: { displayName: name } })).body.data.updateProfile.displayName).toBe(name);
      const created = await as('mutation($i: CreateCredentialInput!) { createCredential(input: $i) { id stampSvg } }', { i: { licenseNumber, regionCode: 'TX', licenseType: 'engineer' } });
      expect(created.body.data.createCredential).toBeNull();
      expect(created.body.errors).toHaveLength(1);
      expect(created.body.errors[0].path).toEqual(['createCredential']);
      expect(created.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(created.body.errors[0].message).toMatch(/^A credential's seal prints its holder's name and license number, and cannot print these: /);
      expect(created.body.errors[0].message).toMatch(words);
      expect(await count()).toEqual({ data: { me: { credentialCount: 0 }, credentials: [] } });
    }

    // A directory record whose name the seal cannot print, claimed by its namesake.
    const record = await seedProfessional({
      firstName: 'Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaftschaferswessenschafewarenwohlgepflegeundsorgfaltigkeitbeschutzen',
      lastName: 'Senior',
      stateCode: 'TX',
      licenseType: 'engineer',
    });
    expect(record.fullName.length).toBeGreaterThan(120);
    await as('mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { displayName } }', { i: { displayName: record.fullName } });
    const claimed = await as('mutation($id: UUID!) { claimProfessional(professionalId: $id) { id } }', { id: record.id });
    expect(claimed.body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(claimed.body.errors?.[0].message).toMatch(/cannot print these: name is at most 120 characters/);
    expect(await count()).toEqual({ data: { me: { credentialCount: 0 }, credentials: [] } });

    // A name it can print is taken as before, and its stamp renders.
    await as('mutation($i: UpdateProfileInput!) { updateProfile(input: $i) { displayName } }', { i: { displayName: 'W'.repeat(120) } });
    const fine = await as('mutation($i: CreateCredentialInput!) { createCredential(input: $i) { id stampSvg } }', {
      i: { licenseNumber: `PE${crypto.randomInt(1e6)}`, regionCode: 'TX', licenseType: 'engineer' },
    });
    expect(fine.body.errors).toBeUndefined();
    expect(fine.body.data.createCredential.stampSvg).toMatch(/^<svg /);
  });
});
