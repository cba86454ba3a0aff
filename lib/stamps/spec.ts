import fs from 'node:fs';
import path from 'node:path';
import seals from '../../templates/data/seals.json' with { type: 'json' };
import { stateName } from './jurisdictions.ts';
import type { StateCode } from './jurisdictions.ts';
import { defaultLegend } from './professions.ts';
import type { BaseProfession, Profession } from './professions.ts';

export type Field = 'discipline' | 'city' | 'date' | 'state_label' | 'expiration';
export type FamilyName = 'classic' | 'name-ring';

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

interface Override {
  family?: FamilyName;
  diameterIn?: number;
  innerDiameterIn?: number;
  legend?: string;
  stateLegend?: string;
  stateLabel?: string;
  numberFormat?: string;
  numberPrefix?: string | Record<string, string>;
  ringTop?: string;
  ringBottom?: string;
  inner?: string[];
  fields?: Field[];
  citation?: string | null;
  /** Research caveats (what was not read): for maintainers, never shown to users. */
  note?: string;
}

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

const data = seals as unknown as { defaults: Required<Pick<Override, 'family' | 'diameterIn' | 'stateLegend' | 'numberFormat' | 'fields' | 'citation'>> & { numberPrefix: string }; states: Record<string, Record<string, Override>> };

/** The seal of `profession` in `state`: data defaults, then the state's, then the state's for that profession. */
export function resolveSpec(profession: Profession, state: StateCode): StampSpec {
  const base: BaseProfession = profession.base;
  const layers: Override[] = [data.defaults as Override, data.states[state]?.['*'] ?? {}, data.states[state]?.[base] ?? {}];
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
