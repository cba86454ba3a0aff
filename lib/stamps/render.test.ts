import { XMLValidator, XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { STATE_CODES, stateName } from './jurisdictions.ts';
import { PROFESSION_SLUGS } from './professions.ts';
import { parseStampRequest, renderStamp, renderStampSvg, stampSpec } from './render.ts';
import { AppError } from '../errors.ts';
import { capHeightRatio, layoutGlyphs, measure } from './fonts.ts';
import { escapeXml } from './svg.ts';

/** The glyphs of a ring, from the SVG: its text, size, and each glyph's place (angle from the arc's middle, degrees). */
function ringOf(svg: string, where: 'top' | 'bottom') {
  const group = new RegExp(`<g class="ring-${where}" aria-label="([^"]*)" font-size="([\\d.]+)"[^>]*>(.*?)</g>`).exec(svg);
  if (!group) return null;
  const glyphs = [...group[3].matchAll(/translate\(([\d.-]+) ([\d.-]+)\) rotate\(([\d.-]+)\)">([^<]*)</g)].map((m) => {
    const [x, y] = [Number(m[1]) - 100, Number(m[2]) - 100];
    const deg = (Math.atan2(y, x) * 180) / Math.PI;
    const fromMiddle = where === 'top' ? ((deg + 360) % 360) - 270 : 90 - deg;
    return { char: m[4].replace(/&apos;/g, "'").replace(/&amp;/g, '&'), r: Math.hypot(x, y), fromMiddle };
  });
  return { text: group[1].replace(/&apos;/g, "'").replace(/&amp;/g, '&'), size: Number(group[2]), glyphs };
}

/** How many degrees of its arc a ring's text covers, glyph edges included. */
function ringSpanDeg(ring: NonNullable<ReturnType<typeof ringOf>>, style: { family: string; letterSpacing: number; wordSpacing: number }) {
  const first = ring.glyphs[0];
  const last = ring.glyphs[ring.glyphs.length - 1];
  const half = (c: string) => ((measure(c, ring.size, { ...style, letterSpacing: 0, wordSpacing: 0 }) / 2 / first.r) * 180) / Math.PI;
  return last.fromMiddle - first.fromMiddle + half(first.char) + half(last.char);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('every profession in every state', () => {
  for (const profession of PROFESSION_SLUGS) {
    it(`renders ${profession} in all 50 states as SVG, PNG and PDF`, async () => {
      for (const state of STATE_CODES) {
        const input = { name: 'José Núñez', license: `${state}-4821`, state, profession };
        const svg = new TextDecoder().decode((await renderStamp(parseStampRequest({ ...input, format: 'svg' }))).body);
        expect(XMLValidator.validate(svg), `${profession} ${state} SVG parses`).toBe(true);
        expect(svg, `${profession} ${state} name`).toContain('José Núñez');
        expect(svg, `${profession} ${state} license`).toContain(`${state}-4821`);
        expect(svg, `${profession} ${state} state legend`).toContain(stateName(state).toUpperCase());
        const png = (await renderStamp(parseStampRequest({ ...input, format: 'png' }))).body;
        expect([...png.subarray(0, 8)], `${profession} ${state} PNG`).toEqual(PNG_SIGNATURE);
        const pdf = (await renderStamp(parseStampRequest({ ...input, format: 'pdf' }))).body;
        expect(new TextDecoder().decode(pdf.subarray(0, 5)), `${profession} ${state} PDF`).toBe('%PDF-');
      }
    }, 60_000); // 150 renders: about 2 s alone, more on a busy machine
  }
});

describe('the renderer', () => {
  it('escapes every value: no input can inject SVG or script', () => {
    const evil = `</text><script>alert(1)</script><image href="x" onerror="alert(2)"/>&amp;"'`;
    const svg = renderStampSvg(parseStampRequest({ name: evil, license: evil.slice(0, 40), state: 'TX', discipline: evil.slice(0, 60), date: '<b>x</b>', profession: 'civil-engineer' }));
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toMatch(/<script|<image/);
    expect(svg).toContain(escapeXml('</text><script>'));
    // Walk the parsed document: only our own elements, and no event-handler attributes.
    const elements = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === ':@') {
          expect(Object.keys(value as object).filter((a) => /^@_on/i.test(a))).toEqual([]);
          continue;
        }
        if (key !== '#text') elements.add(key);
        walk(value);
      }
    };
    walk(new XMLParser({ ignoreAttributes: false, preserveOrder: true }).parse(svg));
    expect([...elements].sort()).toEqual(['circle', 'g', 'polygon', 'svg', 'text', 'title']);
  });

  it('strips control characters and keeps non-ASCII names', () => {
    const svg = renderStampSvg(parseStampRequest({ name: "O'Brien-Łukasiewicz\u0000\u0007", license: '1', state: 'NY' }));
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain('O&apos;Brien-Łukasiewicz<');
  });

  it('fits a very long name inside its circle, on a ring or inside', () => {
    const name = 'Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh de la Cruz';
    for (const state of ['TX', 'KS', 'NC']) {
      const request = parseStampRequest({ name, license: '123456789', state, date: '2026-11-22' });
      const spec = stampSpec(request);
      const svg = renderStampSvg(request);
      const innerR = 97 * spec.innerRatio;
      const style = { family: 'Liberation Sans', letterSpacing: 0, wordSpacing: 0 };
      const cap = capHeightRatio(style);
      // Inner lines: each line's box lies inside the inner circle.
      for (const m of svg.matchAll(/<text x="100" y="([\d.]+)" font-size="([\d.]+)">([^<]*)<\/text>/g)) {
        const [y, size] = [Number(m[1]), Number(m[2])];
        const text = m[3].replace(/&apos;/g, "'").replace(/&amp;/g, '&');
        const half = measure(text, size, style) / 2;
        for (const dy of [y - 100, y - size * cap - 100]) expect(Math.hypot(half, dy), `${state} "${text}"`).toBeLessThan(innerR);
      }
      // Ring text: no longer than its 140° arc.
      for (const where of ['top', 'bottom'] as const) {
        const ring = ringOf(svg, where)!;
        expect(ring.glyphs.length, `${state} ${where} ring`).toBeGreaterThan(3);
        expect(ringSpanDeg(ring, style), `${state} ring "${ring.text}"`).toBeLessThanOrEqual(140.5);
      }
    }
  });

  it('gives up caller spacing before letting ring or inner text overflow', () => {
    const name = 'Maximiliana Wolfeschlegelsteinhausenbergerdorff';
    for (const state of ['KS', 'NC', 'TX']) {
      const request = parseStampRequest({ name, license: '123 456 789', state, word_spacing: '20px', letter_spacing: '4px' });
      const spec = stampSpec(request);
      const svg = renderStampSvg(request);
      const innerR = 97 * spec.innerRatio;
      const spacingOf = (attrs: string) => ({
        letterSpacing: Number(/letter-spacing="(-?[\d.]+)"/.exec(attrs)?.[1] ?? 4),
        wordSpacing: Number(/word-spacing="(-?[\d.]+)"/.exec(attrs)?.[1] ?? 20),
      });
      for (const where of ['top', 'bottom'] as const) {
        const ring = ringOf(svg, where)!;
        expect(ring.glyphs.length).toBeGreaterThan(3);
        expect(ringSpanDeg(ring, { family: 'Liberation Sans', letterSpacing: 0, wordSpacing: 0 }), `${state} ring "${ring.text}"`).toBeLessThanOrEqual(140.5);
        expect(ring.size, `${state} ring "${ring.text}" stays legible`).toBeGreaterThan(4);
      }
      for (const m of svg.matchAll(/<text x="100" y="([\d.]+)" ([^>]*)>([^<]*)<\/text>/g)) {
        const size = Number(/font-size="([\d.]+)"/.exec(m[2])![1]);
        const style = { family: 'Liberation Sans', ...spacingOf(m[2]) };
        const half = measure(m[3], size, style) / 2;
        expect(Math.hypot(half, Number(m[1]) - 100), `${state} "${m[3]}"`).toBeLessThan(innerR);
      }
    }
  });

  it('refuses characters the bundled fonts cannot draw, instead of printing boxes', () => {
    expect(() => parseStampRequest({ name: '李明', license: '1', state: 'TX' })).toThrow(/name contains characters the stamp fonts cannot draw: "李", "明"/);
    expect(() => parseStampRequest({ name: 'Ηλίας Παπαδόπουλος', license: '1', state: 'TX' })).not.toThrow();
    expect(() => parseStampRequest({ name: 'A', license: '1', state: 'TX', city: '東京' })).toThrow(/city contains/);
  });

  it('applies the state data: Missouri prefixes the number, Kansas puts the name on the ring', () => {
    const mo = renderStampSvg(parseStampRequest({ name: 'Dana Demo', license: '2020012345', state: 'missouri', profession: 'engineer' }));
    // 20 CSR 2030-3.060(1): the number preceded by the letters PE, with no "No."
    expect(mo).toContain('>PE-2020012345<');
    expect(renderStampSvg(parseStampRequest({ name: 'Dana Demo', license: 'PE-2020012345', state: 'MO' }))).not.toContain('PE-PE-');
    const ks = renderStampSvg(parseStampRequest({ name: 'Dana Demo', license: '777', state: 'KS', profession: 'architect' }));
    expect(ringOf(ks, 'top')!.text).toBe('Dana Demo');
    expect(
      ringOf(ks, 'top')!
        .glyphs.map((g) => g.char)
        .join(''),
    ).toBe('DanaDemo');
    expect(ks).toContain('>LICENSED<');
    expect(stampSpec({ profession: 'engineer', state: 'KS' }).citation).toMatch(/K\.A\.R\. 66-6-1/);
    expect(stampSpec({ profession: 'engineer', state: 'DE' }).citation).toMatch(/24 Del\. C\. 2829/);
    // A state whose rule is not yet cited keeps the common layout and claims none.
    expect(stampSpec({ profession: 'engineer', state: 'VA' }).citation).toBeNull();
  });

  it('shows a subtype branch, and optional fields only where the seal has a place for them', () => {
    const civil = renderStampSvg(parseStampRequest({ name: 'A B', license: '1', state: 'TX', profession: 'civil-engineer' }));
    expect(civil).toContain('>CIVIL<');
    const wi = renderStampSvg(parseStampRequest({ name: 'A B', license: '1', state: 'WI', profession: 'land-surveyor', city: 'Madison' }));
    expect(wi).toContain('>Madison<');
    const tx = renderStampSvg(parseStampRequest({ name: 'A B', license: '1', state: 'TX', city: 'Austin' }));
    expect(tx).not.toContain('Austin');
    const nc = renderStampSvg(parseStampRequest({ name: 'A B', license: '1', state: 'NC', state_label: 'N.C.' }));
    expect([ringOf(nc, 'top')!.text, ringOf(nc, 'bottom')!.text]).toContain('N.C.');
  });

  it('sizes the drawing to the seal: SVG in inches, PNG at 4×, PDF page at the diameter', async () => {
    const request = parseStampRequest({ name: 'A B', license: '1', state: 'OH', profession: 'landscape-architect' });
    expect(renderStampSvg(request)).toMatch(/width="2in" height="2in"/);
    const png = (await renderStamp({ ...request, format: 'png' })).body;
    expect(Buffer.from(png).readUInt32BE(16)).toBe(2 * 96 * 4);
    const pdf = await PDFDocument.load((await renderStamp({ ...request, format: 'pdf' })).body);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 144, height: 144 });
  });

  it('refuses bad input with AppErrors whose codes every door maps', () => {
    const codeOf = (input: Record<string, unknown>) => {
      try {
        parseStampRequest(input);
      } catch (err) {
        return err instanceof AppError ? err.code : 'not an AppError';
      }
      return 'accepted';
    };
    expect(codeOf({ name: ' ', license: '1', state: 'TX' })).toBe('BAD_USER_INPUT');
    expect(codeOf({ name: 'A', license: '1', state: 'd.c.' })).toBe('NOT_FOUND');
    expect(codeOf({ name: 'A', license: '1', state: 'Puerto Rico' })).toBe('NOT_FOUND');
    expect(codeOf({ name: 'A', license: '1', state: 'TX', opacity: '9' })).toBe('BAD_USER_INPUT');
    expect(() => parseStampRequest({ name: 'A', license: '1', state: 'Atlantis' })).toThrow(/Unknown state: "Atlantis"/);
    for (const state of ['Texas!!', 'TX1', 'T X']) expect(() => parseStampRequest({ name: 'A', license: '1', state })).toThrow(/Unknown state/);
    for (const state of ['texas', ' State of Texas ', 'new  york', 'N.Y.']) expect(parseStampRequest({ name: 'A', license: '1', state }).state).toMatch(/^(TX|NY)$/);
    expect(() => parseStampRequest({ name: 'A', license: '1', state: 'TX', font_size: '0px' })).toThrow(/Invalid font_size: "0px"/);
    expect(() => parseStampRequest({ name: 'A', license: '1', state: 'TX', date: 'x'.repeat(41) })).toThrow(/date is at most 40 characters/);
  });
});

describe('text on a seal (hardening review)', () => {
  const style = { family: 'Liberation Sans', letterSpacing: 0, wordSpacing: 0 };
  const innerLines = (svg: string) => [...svg.matchAll(/<text x="100" y="([\d.]+)" font-size="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ y: Number(m[1]), size: Number(m[2]), text: m[3] }));

  it('strips bidi controls, so a number cannot be shown reversed', () => {
    const svg = renderStampSvg(parseStampRequest({ name: 'Jane \u2066Doe\u2069\u200f', license: '\u202e654321', state: 'TX' }));
    expect(svg).toContain('>No. 654321<');
    expect(svg).toContain('>Jane Doe<');
    expect(svg).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
  });

  it('keeps the number with its prefix on one line', () => {
    for (const [state, extra] of [
      ['TX', {}],
      ['NY', { font_size: '40px' }],
    ] as const) {
      const lines = innerLines(renderStampSvg(parseStampRequest({ name: 'Jane Q. Engineer', license: '1234567890123456789012345', state, ...extra })));
      const number = lines.find((l) => l.text.includes('123456789'))!;
      expect(number.text, state).toBe('No. 1234567890123456789012345');
      expect(
        lines.some((l) => l.text.trim() === 'No.'),
        state,
      ).toBe(false);
    }
  });

  it('gives the lines of one split name one size, on CA, WA, NY and TX', () => {
    const cases = [
      { state: 'CA', profession: 'civil-engineer', name: 'Christopher Alexander Montgomery' },
      { state: 'WA', profession: 'engineer', name: 'Elizabeth Anne Worthington-Smythe' },
      { state: 'NY', profession: 'engineer', name: 'Jane Q. Engineer', font_size: '40px' },
      { state: 'TX', profession: 'engineer', name: 'Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh de la Cruz' },
    ];
    for (const c of cases) {
      const lines = innerLines(renderStampSvg(parseStampRequest({ license: '12345', ...c })));
      // Everything inside but the number (and CA's branch) is the name.
      const nameLines = lines.filter((l) => !l.text.includes('12345') && l.text !== 'CIVIL');
      expect(nameLines.length, c.state).toBeGreaterThan(1);
      expect(new Set(nameLines.map((l) => l.size)).size, `${c.state}: ${JSON.stringify(nameLines)}`).toBe(1);
      expect(
        nameLines
          .map((l) => l.text)
          .join(' ')
          .replace(/- /g, '-'),
        c.state,
      ).toBe(c.name);
    }
  });

  it("spaces ring glyphs as the font's kerning lays them out", () => {
    const svg = renderStampSvg(parseStampRequest({ name: 'AVA WAVE Tomato', license: '1', state: 'KS', profession: 'architect' }));
    const ring = ringOf(svg, 'top')!;
    const laid = layoutGlyphs(ring.text, ring.size, style).glyphs.filter((g) => g.chars.trim());
    expect(ring.glyphs.map((g) => g.char)).toEqual(laid.map((g) => g.chars));
    const r = ring.glyphs[0].r;
    for (let i = 1; i < laid.length; i++) {
      const drawn = ((ring.glyphs[i].fromMiddle - ring.glyphs[i - 1].fromMiddle) * Math.PI * r) / 180;
      const wanted = laid[i].x + laid[i].width / 2 - (laid[i - 1].x + laid[i - 1].width / 2);
      expect(drawn).toBeCloseTo(wanted, 1);
    }
    // "AV" is a kerning pair: its glyphs stand closer than their widths alone would put them.
    const [a, v] = laid;
    expect(v.x + v.width / 2 - (a.x + a.width / 2)).toBeLessThan((a.width + v.width) / 2 - 0.3);
  });

  it('keeps ring text on its arc whatever text_anchor says, and composes accents', () => {
    const name = 'Maximiliana Wolfeschlegelsteinhausenbergerdorff';
    for (const text_anchor of ['start', 'middle', 'end']) {
      const ring = ringOf(renderStampSvg(parseStampRequest({ name, license: '1', state: 'KS', text_anchor })), 'top')!;
      const first = ring.glyphs[0].fromMiddle;
      const last = ring.glyphs[ring.glyphs.length - 1].fromMiddle;
      expect(first, text_anchor).toBeGreaterThanOrEqual(-70);
      expect(last, text_anchor).toBeLessThanOrEqual(70);
    }
    const decomposed = renderStampSvg(parseStampRequest({ name: 'Jose\u0301 Nun\u0303ez', license: '1', state: 'KS' }));
    expect(ringOf(decomposed, 'top')!.text).toBe('José Nuñez');
    expect(
      ringOf(decomposed, 'top')!
        .glyphs.map((g) => g.char)
        .join(''),
    ).toBe('JoséNuñez');
  });
});
