import { AppError, quote } from '../errors.ts';
import { JURISDICTIONS_WITHOUT_TEMPLATES, STATE_CODES, stateName } from './states.ts';
import type { StateCode } from './states.ts';

export { STATE_CODES, stateName };
export type { StateCode };

export type Jurisdiction = { kind: 'state'; code: StateCode; name: string } | { kind: 'no-template'; code: string; name: string } | { kind: 'unknown' };

// Case, accents, periods and runs of spaces or hyphens do not matter ("d.c.", "New  York");
// anything else does, so "Texas!!" or "TX1" is no state.
const normalise = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/[\s-]+/g, ' ')
    .trim();

const lookup = new Map<string, Jurisdiction>();
for (const code of STATE_CODES) {
  const name = stateName(code);
  const j: Jurisdiction = { kind: 'state', code, name };
  lookup.set(normalise(code), j);
  lookup.set(normalise(name), j);
  lookup.set(normalise(`State of ${name}`), j);
}
for (const [code, names] of Object.entries(JURISDICTIONS_WITHOUT_TEMPLATES)) {
  const j: Jurisdiction = { kind: 'no-template', code, name: names[0] };
  lookup.set(normalise(code), j);
  for (const n of names) lookup.set(normalise(n), j);
}
// "Washington" alone is the state, never DC.
lookup.set(normalise('Washington'), { kind: 'state', code: 'WA', name: 'Washington' });

/** A state by USPS code or name, case-insensitive ("tx", "Texas", "State of Texas"). */
export function resolveJurisdiction(input: string): Jurisdiction {
  return lookup.get(normalise(input.trim())) ?? { kind: 'unknown' };
}

/** A two-letter state code as an API input (regionCode, stateCode): one of the 50, any case; BAD_USER_INPUT otherwise. */
export function requireStateCode(value: string, field: string): StateCode {
  const state = resolveJurisdiction(value);
  if (state.kind !== 'state' || state.code !== value.trim().toUpperCase()) {
    throw new AppError('BAD_USER_INPUT', `${field} must be a two-letter US state code (TX); got ${quote(value)}`);
  }
  return state.code;
}
