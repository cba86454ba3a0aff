import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { XMLValidator } from 'fast-xml-parser';
import { GET, OPTIONS, POST } from '../../app/v1/stamp/route.ts';
import { GET as PREVIEW } from '../../app/stamps/preview/route.ts';
import { configureRateLimit, resetRateLimits, setRateLimitBackend } from '../ratelimit/index.ts';
import { STYLE_NAMES } from './style.ts';

const URL_ = 'http://localhost/v1/stamp';
let ipCounter = 0;

function post(body: unknown, options: { ip?: string; contentType?: string } = {}) {
  const contentType = options.contentType ?? 'application/json';
  const payload = typeof body === 'string' ? body : contentType.includes('urlencoded') ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
  return POST(new Request(URL_, { method: 'POST', headers: { 'content-type': contentType, 'x-forwarded-for': options.ip ?? `198.51.100.${++ipCounter % 250}` }, body: payload }));
}

const base = { name: 'Jane Q. Engineer', license: '123456', state: 'TX' };

beforeEach(() => configureRateLimit('stamp', { disabled: true }));
afterEach(() => resetRateLimits());

describe('POST /v1/stamp formats and headers', () => {
  it('answers PNG by default, 4× scale, without Content-Disposition', async () => {
    const res = await post(base);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('content-disposition')).toBeNull();
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(Math.round(1.75 * 96 * 4));
  });

  it('answers SVG with its headers', async () => {
    const res = await post({ ...base, format: 'svg' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=stamp.svg');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const svg = await res.text();
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain('STATE OF TEXAS');
  });

  it('answers PDF with its headers', async () => {
    const res = await post({ ...base, format: 'PDF' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=stamp.pdf');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('takes a urlencoded form, a state by name in any case, and a subtype', async () => {
    const res = await post({ ...base, state: 'nEw YoRk', profession: 'structural-engineer', format: 'svg' }, { contentType: 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(200);
    const svg = await res.text();
    expect(svg).toContain('STATE OF NEW YORK');
    expect(svg).toContain('>STRUCTURAL<');
  });

  it('answers the CORS preflight', async () => {
    const res = await OPTIONS();
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
  });
});

describe('POST /v1/stamp refusals', () => {
  const expectError = async (res: Response, status: number, error: string, message?: RegExp) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = await res.json();
    expect(body.error).toBe(error);
    expect(typeof body.message).toBe('string');
    if (message) expect(body.message).toMatch(message);
  };

  for (const field of ['name', 'license', 'state'] as const) {
    it(`answers 400 for a missing or empty ${field}`, async () => {
      const rest: Record<string, string> = { ...base };
      delete rest[field];
      await expectError(await post(rest), 400, 'bad_request', new RegExp(`${field} is required`));
      await expectError(await post({ ...base, [field]: '   ' }), 400, 'bad_request', new RegExp(`${field} is required`));
    });
  }

  it('answers 400 for an unknown profession or format, naming what is accepted', async () => {
    await expectError(await post({ ...base, profession: 'astronaut' }), 400, 'bad_request', /Unknown profession: "astronaut".*engineer, civil-engineer/);
    await expectError(await post({ ...base, format: 'gif' }), 400, 'bad_request', /Unknown format: "gif".*svg, png, pdf/);
  });

  it('answers 400 for a state that is no state, and 404 for a jurisdiction without a template', async () => {
    await expectError(await post({ ...base, state: 'Atlantis' }), 400, 'bad_request', /Unknown state/);
    for (const state of ['DC', 'Puerto Rico', 'gu', 'VI', 'American Samoa', 'MP']) {
      await expectError(await post({ ...base, state }), 404, 'not_found', /No stamp template/);
    }
  });

  it('answers 400 for another content type, malformed JSON, and an over-long date', async () => {
    await expectError(await post('name=x', { contentType: 'text/plain' }), 400, 'bad_request', /Content-Type/);
    await expectError(await post('{"name":', {}), 400, 'bad_request', /not valid JSON/);
    await expectError(await post({ ...base, date: 'x'.repeat(41) }), 400, 'bad_request', /date is at most 40 characters/);
  });

  it('answers a body over its 64 KB limit with 413, declared or not', async () => {
    await expectError(await post({ ...base, city: 'x'.repeat(70 * 1024) }), 413, 'payload_too_large', /larger than 64 KB/);
  });

  it('quotes at most 100 characters of a bad value', async () => {
    const res = await post({ ...base, profession: `${'p'.repeat(150)}END` });
    const { message } = await res.json();
    expect(message).toContain(`"${'p'.repeat(100)}…"`);
    expect(message).not.toContain('END');
    const style = await (await post({ ...base, font_weight: `${'w'.repeat(5000)}` })).json();
    expect(style.message.length).toBeLessThan(400);
  });

  it('refuses NUL in any value, JSON or form, and in the gallery preview', async () => {
    await expectError(await post({ ...base, name: 'Jane\u0000Doe' }), 400, 'bad_request', /NUL \(U\+0000\).*body\.name/);
    await expectError(await post({ ...base, license: '12\u00003' }, { contentType: 'application/x-www-form-urlencoded' }), 400, 'bad_request', /NUL/);
    await expectError(await post({ ...base, fill: '#000\u0000' }), 400, 'bad_request', /NUL/);
    const preview = await PREVIEW(new Request('http://localhost/stamps/preview?name=a%00b&license=1&state=TX'));
    expect(preview.status).toBe(400);
    expect((await preview.json()).message).toMatch(/NUL \(U\+0000\).*query\.name/);
  });

  it('refuses a name or number that is only invisible characters, and keeps them out of every format', async () => {
    await expectError(await post({ ...base, name: '\u202e\u200b\u2060' }), 400, 'bad_request', /name is required/);
    await expectError(await post({ ...base, license: '\u0001\u00ad' }), 400, 'bad_request', /license is required/);
    const pdf = Buffer.from(await (await post({ ...base, name: 'Jane \u202e54321\u200b', format: 'pdf' })).arrayBuffer()).toString('latin1');
    expect(pdf).toContain('%PDF-');
    expect(pdf.toUpperCase()).not.toMatch(/202E|200B/);
    const svg = await (await post({ ...base, name: 'N\u200bO\u2060P\u206aQ\u00adR\u{E0041}S', license: '1\u200b2', format: 'svg' })).text();
    expect(svg).toContain('>NOPQRS<');
    expect(svg).toContain('No. 12');
    expect(svg).not.toMatch(/[\u200b\u2060\u206a\u00ad]|\u{E0041}/u);
  });

  it('refuses dashes too short to draw in reasonable time', async () => {
    for (const stroke_dasharray of ['0.0001,0.0001', '0.3,0.3', '0.4, 1']) {
      await expectError(await post({ ...base, stroke: '#000', stroke_width: '1', stroke_dasharray }), 400, 'bad_request', /each 0 or at least 0\.5/);
    }
    const started = performance.now();
    expect((await post({ ...base, stroke: '#000', stroke_width: '1', stroke_dasharray: '0.5,0.5' })).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('answers GET with 405, Allow: POST and a JSON body', async () => {
    const res = await GET();
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toMatch(/^POST/);
    expect(await res.json()).toEqual({ error: 'method_not_allowed', message: expect.stringMatching(/Use POST/) });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

// One accepted and one refused value for each of the 19 style parameters.
const STYLE_CASES: Record<(typeof STYLE_NAMES)[number], { ok: string; attr: string; bad: string }> = {
  font_family: { ok: "Georgia, 'Times New Roman', serif", attr: 'font-family="Georgia, &apos;Times New Roman&apos;, serif', bad: 'Comic<Sans>' },
  font_weight: { ok: '700', attr: 'font-weight="700"', bad: 'heavy' },
  font_style: { ok: 'italic', attr: 'font-style="italic"', bad: 'slanted' },
  font_size: { ok: '14px', attr: 'font-size="16.1">No. 123456<', bad: '14 px' },
  font_variant: { ok: 'small-caps', attr: 'font-variant="small-caps"', bad: 'all-caps' },
  font_stretch: { ok: 'condensed', attr: 'font-stretch="condensed"', bad: 'squished' },
  letter_spacing: { ok: '-0.5px', attr: 'letter-spacing="-0.5px"', bad: '1vw' },
  word_spacing: { ok: '0.2em', attr: 'word-spacing="0.2em"', bad: 'wide' },
  text_decoration: { ok: 'underline', attr: 'text-decoration="underline"', bad: 'blink' },
  text_anchor: { ok: 'start', attr: 'text-anchor="start"', bad: 'center' },
  fill: { ok: '#1f3f8f', attr: 'fill="#1f3f8f"', bad: 'blue' },
  fill_opacity: { ok: '0.8', attr: 'fill-opacity="0.8"', bad: '1.5' },
  stroke: { ok: '#abcd', attr: 'stroke="#abcd"', bad: '#12345' },
  stroke_width: { ok: '0.5px', attr: 'stroke-width="0.5px"', bad: '-1' },
  stroke_opacity: { ok: '.25', attr: 'stroke-opacity=".25"', bad: '50%' },
  stroke_linecap: { ok: 'round', attr: 'stroke-linecap="round"', bad: 'pointy' },
  stroke_linejoin: { ok: 'miter-clip', attr: 'stroke-linejoin="miter-clip"', bad: 'sharp' },
  stroke_dasharray: { ok: '4, 2, 1.5', attr: 'stroke-dasharray="4, 2, 1.5"', bad: '1,2,3,4,5,6,7,8,9,10,11' },
  opacity: { ok: '0', attr: 'opacity="0"', bad: 'half' },
};

describe('style parameters', () => {
  it('covers all 19', () => {
    expect(Object.keys(STYLE_CASES).sort()).toEqual([...STYLE_NAMES].sort());
    expect(STYLE_NAMES).toHaveLength(19);
  });
  for (const [name, c] of Object.entries(STYLE_CASES)) {
    it(`${name}: accepts ${JSON.stringify(c.ok)} and refuses ${JSON.stringify(c.bad)}`, async () => {
      const ok = await post({ ...base, format: 'svg', [name]: c.ok });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain(c.attr);
      const bad = await post({ ...base, format: 'svg', [name]: c.bad });
      expect(bad.status).toBe(400);
      const body = await bad.json();
      expect(body.error).toBe('bad_request');
      // The message names the field, repeats the value sent, and lists what the field accepts.
      expect(body.message).toContain(`Invalid ${name}: ${JSON.stringify(c.bad)}.`);
      expect(body.message).toMatch(new RegExp(`${name} accepts .+`));
    });
  }
  it('scales the template sizes by font_size', async () => {
    const sizes = async (fontSize?: string) => {
      const svg = await (await post({ ...base, format: 'svg', ...(fontSize ? { font_size: fontSize } : {}) })).text();
      return [...svg.matchAll(/<text x="100" y="[\d.]+" font-size="([\d.]+)">/g)].map((m) => Number(m[1]));
    };
    const normal = await sizes();
    const smaller = await sizes('9px');
    expect(smaller.length).toBe(normal.length);
    smaller.forEach((s, i) => expect(s).toBeLessThan(normal[i]));
  });
  it('rejects a font_family over 200 characters', async () => {
    const res = await post({ ...base, font_family: 'a'.repeat(201) });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/at most 200 characters/);
  });
});

describe('rate limit', () => {
  it('refuses the 11th request in a minute from one IP with 429, Retry-After and RateLimit headers', async () => {
    resetRateLimits();
    const ip = '203.0.113.9';
    for (let i = 0; i < 10; i++) {
      const res = await post({ ...base, format: 'svg' }, { ip });
      expect(res.status, `request ${i + 1}`).toBe(200);
      expect(res.headers.get('ratelimit-remaining')).toBe(String(9 - i));
    }
    const refused = await post({ ...base, format: 'svg' }, { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-limit')).toBe('10');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
    // Another address is unaffected.
    expect((await post({ ...base, format: 'svg' }, { ip: '203.0.113.10' })).status).toBe(200);
  });

  it('counts by the injected key function, and a lowered limit applies at once', async () => {
    resetRateLimits();
    configureRateLimit('stamp', { limit: 2 });
    setRateLimitBackend({ clientKey: () => 'everyone' });
    expect((await post({ ...base, format: 'svg' }, { ip: '192.0.2.1' })).status).toBe(200);
    expect((await post({ ...base, format: 'svg' }, { ip: '192.0.2.2' })).status).toBe(200);
    expect((await post({ ...base, format: 'svg' }, { ip: '192.0.2.3' })).status).toBe(429);
  });
});
