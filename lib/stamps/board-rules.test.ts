/**
 * Every state's seal, for each profession group, checked against its board rule
 * (templates/data/board-rules.json): the SVG the renderer draws is read back and its words,
 * size, inner circle and number are compared with what the rule asks. Prints the table of
 * states × professions: cited, followed, checked.
 */
import { afterAll, describe, expect, it } from 'vitest';
import seals from '../../templates/data/seals.json' with { type: 'json' };
import { BOARD_RULES, boardRule } from './board-rules.ts';
import type { BoardRule } from './board-rules.ts';
import { STATE_CODES } from './jurisdictions.ts';
import type { StateCode } from './jurisdictions.ts';
import { getProfession, PROFESSION_SLUGS } from './professions.ts';
import { resolveSpec } from './spec.ts';
import { buildSvg } from './svg.ts';

const GROUPS = ['engineer', 'architect', 'land-surveyor', 'landscape-architect'] as const;
const SAMPLE = { name: 'Jane Q. Sample', license: '48213', discipline: 'Civil', city: 'Springfield', date: '2026-11-27', expiration: '2027-12-31' };

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
/** Case, spaces and punctuation spacing do not matter: ring text is drawn glyph by glyph. */
const norm = (s: string) => s.toUpperCase().replace(/\s+/g, '');

/** The text the seal draws, in drawing order: each ring's glyphs joined, then each inner line. */
export function drawnText(svg: string): string[] {
  const out: string[] = [];
  for (const ring of svg.matchAll(/<g class="ring-(?:top|bottom)"[^>]*>([\s\S]*?)<\/g>/g)) {
    out.push([...ring[1].matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => unescape(m[1])).join(''));
  }
  const inner = svg.replace(/<g class="ring-(?:top|bottom)"[^>]*>[\s\S]*?<\/g>/g, '');
  for (const m of inner.matchAll(/<text x="[^"]*" y="[^"]*"[^>]*>([^<]*)<\/text>/g)) out.push(unescape(m[1]));
  return out;
}

interface Check {
  what: string;
  ok: boolean;
  detail: string;
}

/** What the rule asks of the seal, each as a check on the rendered SVG and the seal data. */
function checkSeal(rule: BoardRule, state: StateCode, slug: string): Check[] {
  const profession = getProfession(slug)!;
  const spec = resolveSpec(profession, state);
  const values = { ...SAMPLE, discipline: profession.branch ?? SAMPLE.discipline };
  const svg = buildSvg(spec, values, {});
  const lines = drawnText(svg);
  const text = norm(lines.join(' '));
  const r = rule.requires;
  const checks: Check[] = [];
  const add = (what: string, ok: boolean, detail: string) => checks.push({ what, ok, detail });

  const width = Number(/<svg[^>]*\swidth="([\d.]+)in"/.exec(svg)?.[1]);
  add('drawn at the seal size', Math.abs(width - spec.diameterIn) < 1e-9, `svg width ${width} in, seal ${spec.diameterIn} in`);
  if (r.diameterIn) {
    const tol = r.diameterIn.approx ? 1 / 16 : 1e-9;
    const { min, max } = r.diameterIn;
    add(
      'diameter within the rule',
      (min === undefined || spec.diameterIn >= min - tol) && (max === undefined || spec.diameterIn <= max + tol),
      `${spec.diameterIn} in; rule ${min ?? '-'}..${max ?? '-'} in`,
    );
  }
  if (r.innerDiameterIn) {
    const innerR = Number(/<circle cx="100" cy="100" r="([\d.]+)" stroke-width="1.4"\/>/.exec(svg)?.[1]);
    const drawn = (innerR / 97) * spec.diameterIn;
    add('inner circle', Math.abs(drawn - r.innerDiameterIn) < 0.01, `${drawn.toFixed(4)} in; rule ${r.innerDiameterIn} in`);
  }
  if (r.name) add('name', text.includes(norm(SAMPLE.name)), lines.join(' | '));
  if (r.number) add('license number', text.includes(norm(SAMPLE.license)), lines.join(' | '));
  const positions: number[] = [];
  for (const alternatives of r.words ?? []) {
    const found = alternatives.map((w) => text.indexOf(norm(w))).filter((i) => i >= 0);
    positions.push(found.length ? Math.min(...found) : -1);
    add(`words ${alternatives.join(' / ')}`, found.length > 0, lines.join(' | '));
  }
  if (r.wordsInOrder)
    add(
      'words in the rule order',
      positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1])),
      `positions ${positions.join(', ')}`,
    );
  for (const w of r.absentWords ?? []) add(`no "${w}"`, !text.includes(norm(w)), lines.join(' | '));
  if (r.discipline) add('discipline', spec.fields.includes('discipline') && text.includes(norm(values.discipline)), lines.join(' | '));
  if (r.city) add('city', spec.fields.includes('city') && text.includes(norm(SAMPLE.city)), lines.join(' | '));
  if (r.expiration) add('a place for the expiration date', spec.fields.includes('expiration') && text.includes(norm(SAMPLE.expiration)), lines.join(' | '));
  return checks;
}

type Row = { state: string; profession: string; cited: string; followed: string; checked: string };
const rows: Row[] = [];

describe('board-rules.json', () => {
  it('names an official source, where it was read and the quoted text for every rule', () => {
    for (const rule of BOARD_RULES) {
      expect(rule.officialUrl, `${rule.state}/${rule.profession}`).toMatch(/^https?:\/\//);
      expect(rule.readAt.length, `${rule.state}/${rule.profession}`).toBeGreaterThan(0);
      expect(rule.quote.trim().length, `${rule.state}/${rule.profession}`).toBeGreaterThan(20);
    }
  });

  it('backs every seal that claims a rule: nothing is "followed" without a citation', () => {
    const states = (seals as { states: Record<string, Record<string, { citation?: string | null }>> }).states;
    for (const [state, byProfession] of Object.entries(states)) {
      for (const [profession, override] of Object.entries(byProfession)) {
        if (!override.citation) continue;
        const covered = profession === '*' ? GROUPS.some((g) => boardRule(state, g)) : boardRule(state, profession, getProfession(profession)?.base);
        expect(covered, `${state}/${profession} cites "${override.citation}" but board-rules.json has no rule for it`).toBeTruthy();
        const rule = profession === '*' ? GROUPS.map((g) => boardRule(state, g)).find(Boolean) : boardRule(state, profession, getProfession(profession)?.base);
        expect(rule!.status, `${state}/${profession}`).not.toBe('partial');
      }
    }
  });
});

describe('every seal against its board rule', () => {
  const subtypes = BOARD_RULES.filter((r) => !(GROUPS as readonly string[]).includes(r.profession)).map((r) => [r.state, r.profession] as const);
  const cells = [...STATE_CODES.flatMap((state) => GROUPS.map((g) => [state, g] as const)), ...subtypes];
  it.each(cells)('%s %s', (state, slug) => {
    expect(PROFESSION_SLUGS).toContain(slug);
    const rule = boardRule(state, slug);
    if (!rule) {
      rows.push({ state, profession: slug, cited: 'no', followed: '-', checked: '-' });
      return;
    }
    const checks = checkSeal(rule, state as StateCode, slug);
    const failed = checks.filter((c) => !c.ok);
    const cited = rule.status === 'partial' ? 'partial' : rule.status;
    // Only a cited rule can be followed; a partly read one is checked but never claimed.
    const followed = rule.status === 'partial' ? '-' : failed.length ? 'NO' : 'yes';
    rows.push({ state, profession: slug, cited, followed, checked: `${checks.length - failed.length}/${checks.length}` });
    expect(
      failed.map((c) => `${c.what}: ${c.detail}`),
      `${state} ${slug} (${rule.section})`,
    ).toEqual([]);
  });
});

afterAll(() => {
  const pad = (s: string, n: number) => s.padEnd(n);
  const lines = [`${pad('state', 6)}${pad('profession', 22)}${pad('cited', 10)}${pad('followed', 10)}checked`];
  for (const r of rows) lines.push(`${pad(r.state, 6)}${pad(r.profession, 22)}${pad(r.cited, 10)}${pad(r.followed, 10)}${r.checked}`);
  const groups = rows.filter((r) => (GROUPS as readonly string[]).includes(r.profession));
  const count = (f: (r: Row) => boolean) => groups.filter(f).length;
  lines.push(
    `${groups.length} cells (50 states × 4 groups): cited ${count((r) => r.cited === 'design' || r.cited === 'delegated')} (design ${count((r) => r.cited === 'design')}, delegated ${count((r) => r.cited === 'delegated')}), partial ${count((r) => r.cited === 'partial')}, not yet cited ${count((r) => r.cited === 'no')}; followed ${count((r) => r.followed === 'yes')}; checked ${count((r) => r.checked !== '-')}`,
  );
  console.log(lines.join('\n'));
});
