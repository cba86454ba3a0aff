/**
 * The states and other US jurisdictions, from templates/data/states.json (validated on load).
 * Plain data with no server code, so the dashboard's forms import it too.
 */
import { z } from 'zod';
import raw from '../../templates/data/states.json' with { type: 'json' };
import { parseTemplateData } from './template-data.ts';

export type StateCode = keyof typeof raw.states;

export const StatesFile = z.strictObject({
  /** The 50 states with a seal template: USPS code → name, in alphabetical order of name. */
  states: z
    .record(z.string().regex(/^[A-Z]{2}$/, 'a state is keyed by its two-letter USPS code'), z.string().min(1))
    .refine((states) => Object.keys(states).length === 50, 'the 50 states, no more and no fewer'),
  /** DC and the territories: code → the names people write (the first is shown). */
  jurisdictionsWithoutTemplates: z.record(z.string().regex(/^[A-Z]{2}$/), z.array(z.string().min(1)).min(1)),
});

// Validated; the cast only narrows the keys to the codes the file had when it was compiled.
const data = parseTemplateData('states.json', StatesFile, raw) as { states: Record<StateCode, string>; jurisdictionsWithoutTemplates: Record<string, string[]> };

/** The 50 states as [code, name], in alphabetical order of name (as a person looks for one). */
export const US_STATES = Object.entries(data.states) as ReadonlyArray<readonly [StateCode, string]>;

/** The 50 state codes, in alphabetical order of code. */
export const STATE_CODES = Object.keys(data.states).sort() as StateCode[];

/** A state's name by code. */
export function stateName(code: StateCode): string {
  return data.states[code];
}

/** DC and the territories, which have no seal template: code → the names people write. */
export const JURISDICTIONS_WITHOUT_TEMPLATES: Readonly<Record<string, readonly string[]>> = data.jurisdictionsWithoutTemplates;
