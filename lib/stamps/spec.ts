import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import seals from '../../templates/data/seals.json' with { type: 'json' };
import { STATE_CODES, stateName } from './jurisdictions.ts';
import type { StateCode } from './jurisdictions.ts';
import { defaultLegend, PROFESSION_SLUGS } from './professions.ts';
import type { BaseProfession, Profession } from './professions.ts';
import { parseTemplateData } from './template-data.ts';

const FIELDS = ['discipline', 'city', 'date', 'state_label', 'expiration'] as const;
const FAMILIES = ['classic', 'name-ring'] as const;
export type Field = (typeof FIELDS)[number];
export type FamilyName = (typeof FAMILIES)[number];

/** Everything the renderer needs to know about one state's seal for one profession. */
export interface StampSpec {
  family: FamilyName;
  diameterIn: number;
  /** Inner circle diameter as a fraction of the outer one. */
  innerRatio: number;
  separator: 'star' | 'dot';
  ringTop: string;
  ringBottom: string;
  inner: string[];
  legend: string;
  /** The state's name in capitals (TEXAS). */
  stateName: string;
  stateLegend: string;
  /** Separate state text (the state_label field), default the state's name. */
  stateLabel: string;
  numberFormat: string;
  numberPrefix: string;
  /** Optional inputs this seal has a place for; others are ignored. */
  fields: Field[];
  /** The board rule this seal follows; null where none was found (the common layout). */
  citation: string | null;
}

/** What seals.json may set, for every seal (defaults), a state's ('*') or a state's profession. */
const Override = z.strictObject({
  family: z.enum(FAMILIES).optional(),
  diameterIn: z.number().positive().optional(),
  innerDiameterIn: z.number().positive().optional(),
  legend: z.string().optional(),
  stateLegend: z.string().optional(),
  stateLabel: z.string().optional(),
  numberFormat: z.string().optional(),
  /** One prefix, or one per profession slug. */
  numberPrefix: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
  ringTop: z.string().optional(),
  ringBottom: z.string().optional(),
  inner: z.array(z.string()).optional(),
  fields: z.array(z.enum(FIELDS)).optional(),
  citation: z.string().min(1).nullable().optional(),
  /** Research caveats (what was not read): for maintainers, never shown to users. */
  note: z.string().optional(),
});
type Override = z.output<typeof Override>;

export const SealsFile = z
  .strictObject({
    $comment: z.string().optional(),
    defaults: Override.extend({ numberPrefix: z.string() }).required({ family: true, diameterIn: true, stateLegend: true, numberFormat: true, fields: true, citation: true }),
    states: z.record(z.string(), z.record(z.string(), Override)),
  })
  .superRefine((file, ctx) => {
    const states = new Set<string>(STATE_CODES);
    const professions = new Set<string>(['*', ...PROFESSION_SLUGS]);
    for (const [state, byProfession] of Object.entries(file.states)) {
      if (!states.has(state)) ctx.addIssue({ code: 'custom', path: ['states', state], message: 'not one of the 50 state codes of states.json' });
      for (const profession of Object.keys(byProfession)) {
        if (!professions.has(profession)) ctx.addIssue({ code: 'custom', path: ['states', state, profession], message: "neither '*' nor a profession slug of professions.json" });
      }
    }
  });

interface FamilyMeta {
  innerRatio: number;
  separator: 'star' | 'dot';
  ringTop: string;
  ringBottom: string;
  inner: string[];
}

export interface Family {
  name: FamilyName;
  svg: string;
  meta: FamilyMeta;
}

const FAMILY_DIR = path.resolve(process.cwd(), 'templates/families');
const families = new Map<FamilyName, Family>();

/** A layout family: its SVG frame with slots, and the slot defaults from its metadata. */
export function loadFamily(name: FamilyName): Family {
  let family = families.get(name);
  if (!family) {
    const raw = fs.readFileSync(path.join(FAMILY_DIR, `${name}.svg`), 'utf8');
    const meta = /<metadata id="sealwright-family">([\s\S]*?)<\/metadata>\s*/.exec(raw);
    if (!meta) throw new Error(`templates/families/${name}.svg has no sealwright-family metadata`);
    family = { name, svg: raw.replace(meta[0], ''), meta: JSON.parse(meta[1]) };
    families.set(name, family);
  }
  return family;
}

const data = parseTemplateData('seals.json', SealsFile, seals);

/** The seal of `profession` in `state`: data defaults, then the state's, then the state's for that profession. */
export function resolveSpec(profession: Profession, state: StateCode): StampSpec {
  const base: BaseProfession = profession.base;
  const layers: Override[] = [data.defaults, data.states[state]?.['*'] ?? {}, data.states[state]?.[base] ?? {}];
  if (profession.slug !== base) layers.push(data.states[state]?.[profession.slug] ?? {});
  const merged: Override = Object.assign({}, ...layers);
  const family = loadFamily(merged.family ?? 'classic');
  const diameterIn = merged.diameterIn ?? 1.75;
  const prefix = typeof merged.numberPrefix === 'object' ? (merged.numberPrefix[profession.slug] ?? merged.numberPrefix[base] ?? '') : (merged.numberPrefix ?? '');
  const name = stateName(state).toUpperCase();
  return {
    family: family.name,
    diameterIn,
    innerRatio: merged.innerDiameterIn ? merged.innerDiameterIn / diameterIn : family.meta.innerRatio,
    separator: family.meta.separator,
    ringTop: merged.ringTop ?? family.meta.ringTop,
    ringBottom: merged.ringBottom ?? family.meta.ringBottom,
    inner: merged.inner ?? family.meta.inner,
    legend: merged.legend ?? defaultLegend(base),
    stateName: name,
    stateLegend: (merged.stateLegend ?? 'STATE OF {STATE}').replace('{STATE}', name),
    stateLabel: merged.stateLabel ?? name,
    numberFormat: merged.numberFormat ?? 'No. {PREFIX}{LICENSE}',
    numberPrefix: prefix,
    fields: merged.fields ?? [],
    citation: merged.citation ?? null,
  };
}
