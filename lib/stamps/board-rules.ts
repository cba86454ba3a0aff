/**
 * The board rules behind the seals (templates/data/board-rules.json, checked as it loads):
 * per state and profession, the rule's citation, where its text was read, the quoted text
 * and what it asks of the seal. lib/stamps/board-rules.test.ts checks every seal against it;
 * the gallery shows the citation and the quote under the seal.
 */
import { z } from 'zod';
import raw from '../../templates/data/board-rules.json' with { type: 'json' };
import { STATE_CODES } from './states.ts';
import type { StateCode } from './states.ts';
import { getProfession, PROFESSION_SLUGS } from './professions.ts';
import { parseTemplateData } from './template-data.ts';

const Requires = z.strictObject({
  name: z.boolean().optional(),
  number: z.boolean().optional(),
  /** Each entry: the accepted alternatives for one required wording. */
  words: z.array(z.array(z.string().min(1)).min(1)).optional(),
  wordsInOrder: z.boolean().optional(),
  absentWords: z.array(z.string().min(1)).optional(),
  diameterIn: z.strictObject({ min: z.number().positive().optional(), max: z.number().positive().optional(), approx: z.boolean().optional() }).optional(),
  innerDiameterIn: z.number().positive().optional(),
  discipline: z.boolean().optional(),
  city: z.boolean().optional(),
  expiration: z.boolean().optional(),
  /** For the sealing step: the rule asks for a signature, a date. */
  signature: z.boolean().optional(),
  date: z.boolean().optional(),
});
export type RuleRequires = z.output<typeof Requires>;

const url = z.string().regex(/^https?:\/\/\S+$/, 'an http(s) address');
const Rule = z.strictObject({
  state: z.enum(STATE_CODES as unknown as [string, ...string[]]),
  profession: z.enum(PROFESSION_SLUGS as unknown as [string, ...string[]]),
  /** design: the rule prescribes the seal; delegated: it leaves the design to the board; partial: the design clause was not read in full. */
  status: z.enum(['design', 'delegated', 'partial']),
  section: z.string().min(3),
  officialUrl: url,
  readAt: z.array(z.string().min(8)).min(1),
  quote: z.string().min(20),
  requires: Requires,
  boardUrl: url.optional(),
  note: z.string().optional(),
});
export type BoardRule = z.output<typeof Rule>;

export const BoardRulesFile = z.strictObject({ $comment: z.string().optional(), rules: z.array(Rule) }).superRefine((file, ctx) => {
  const seen = new Set<string>();
  file.rules.forEach((r, i) => {
    const key = `${r.state}/${r.profession}`;
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['rules', i], message: `${key} appears twice` });
    seen.add(key);
  });
});

const data = parseTemplateData('board-rules.json', BoardRulesFile, raw);

export const BOARD_RULES: readonly BoardRule[] = data.rules;

/** The rule of a state for a profession slug, else for its base profession; undefined when none was cited. */
export function boardRule(state: StateCode | string, profession: string, base?: string): BoardRule | undefined {
  return data.rules.find((r) => r.state === state && r.profession === profession) ?? (base ? data.rules.find((r) => r.state === state && r.profession === base) : undefined);
}

/**
 * What the board's rule asks beside the seal when a document is sealed: a signature, a date
 * (`requires.signature`, `requires.date`). A state and profession with no cited rule asks for
 * neither: the seal is drawn as it always was.
 */
export function sealingMarks(state: string, profession: string, base?: string): { signature: boolean; date: boolean } {
  const r = boardRule(state, profession, base)?.requires;
  return { signature: r?.signature === true, date: r?.date === true };
}

/** `STATE/profession` → the marks its rule asks for, for every pair that asks for any: what the seal dialog previews (small enough to send to the browser, where the rules' texts are not). */
export type SealingMarksTable = Record<string, { signature: boolean; date: boolean }>;

export function sealingMarksTable(): SealingMarksTable {
  const table: SealingMarksTable = {};
  for (const state of STATE_CODES) {
    for (const slug of PROFESSION_SLUGS) {
      const marks = sealingMarks(state, slug, getProfession(slug)?.base);
      if (marks.signature || marks.date) table[`${state}/${slug}`] = marks;
    }
  }
  return table;
}
