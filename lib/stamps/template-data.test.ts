/** templates/data/*.json are checked as they load: a malformed file names itself and the bad path. */
import { describe, expect, it } from 'vitest';
import professions from '../../templates/data/professions.json' with { type: 'json' };
import seals from '../../templates/data/seals.json' with { type: 'json' };
import states from '../../templates/data/states.json' with { type: 'json' };
import { PROFESSION_NAMES, ProfessionsFile } from './professions.ts';
import { SealsFile } from './spec.ts';
import { StatesFile, US_STATES } from './states.ts';
import { parseTemplateData } from './template-data.ts';

const copy = <T>(value: T): T => structuredClone(value);

describe('the committed files', () => {
  it('parse, and parsing keeps every entry (no key dropped)', () => {
    expect(parseTemplateData('states.json', StatesFile, states)).toEqual(states);
    expect(parseTemplateData('professions.json', ProfessionsFile, professions)).toEqual(professions);
    expect(parseTemplateData('seals.json', SealsFile, seals)).toEqual(seals);
  });

  it('give the dashboard its lists: the 50 states by name, the professions in the order of decisions.md', () => {
    expect(US_STATES).toHaveLength(50);
    expect(US_STATES.slice(0, 3)).toEqual([
      ['AL', 'Alabama'],
      ['AK', 'Alaska'],
      ['AZ', 'Arizona'],
    ]);
    expect(US_STATES.map(([, name]) => name)).toEqual(US_STATES.map(([, name]) => name).sort((a, b) => a.localeCompare(b, 'en')));
    expect(PROFESSION_NAMES[0]).toEqual(['engineer', 'Professional Engineer']);
    expect(PROFESSION_NAMES.map(([slug]) => slug)).toEqual(Object.keys(professions));
  });
});

describe('a malformed file', () => {
  it('states.json: a name that is no string, a lowercase code, a missing state', () => {
    const bad = copy(states) as { states: Record<string, unknown> };
    bad.states.TX = 42;
    expect(() => parseTemplateData('states.json', StatesFile, bad)).toThrow(/^templates\/data\/states\.json is malformed: states\.TX: .*string/);
    const lower = copy(states) as { states: Record<string, unknown> };
    delete lower.states.TX;
    lower.states.tx = 'Texas';
    expect(() => parseTemplateData('states.json', StatesFile, lower)).toThrow('states.tx: a state is keyed by its two-letter USPS code');
    const short = copy(states) as { states: Record<string, unknown> };
    delete short.states.WY;
    expect(() => parseTemplateData('states.json', StatesFile, short)).toThrow('states: the 50 states, no more and no fewer');
  });

  it('professions.json: an unknown group, a subtype of no base, a typo in a key', () => {
    const group = copy(professions) as Record<string, Record<string, unknown>>;
    group.architect.group = 'art';
    expect(() => parseTemplateData('professions.json', ProfessionsFile, group)).toThrow(/^templates\/data\/professions\.json is malformed: architect\.group: /);
    const base = copy(professions) as Record<string, Record<string, unknown>>;
    base['civil-engineer'].base = 'plumber';
    expect(() => parseTemplateData('professions.json', ProfessionsFile, base)).toThrow(/civil-engineer\.base: /);
    const typo = copy(professions) as Record<string, Record<string, unknown>>;
    typo.engineer.legnd = typo.engineer.legend;
    expect(() => parseTemplateData('professions.json', ProfessionsFile, typo)).toThrow(/engineer: .*legnd/);
  });

  it('seals.json: a misspelt option, an unknown field, a state that is none of the 50, a diameter as text', () => {
    const typo = copy(seals) as { states: Record<string, Record<string, Record<string, unknown>>> };
    typo.states.AL.architect.diameterInches = 2;
    expect(() => parseTemplateData('seals.json', SealsFile, typo)).toThrow(/^templates\/data\/seals\.json is malformed: states\.AL\.architect: .*diameterInches/);
    const field = copy(seals) as { defaults: { fields: string[] } };
    field.defaults.fields = ['discipline', 'signature'];
    expect(() => parseTemplateData('seals.json', SealsFile, field)).toThrow(/defaults\.fields\.1: /);
    const state = copy(seals) as { states: Record<string, unknown> };
    state.states.XX = { '*': { diameterIn: 2 } };
    expect(() => parseTemplateData('seals.json', SealsFile, state)).toThrow('states.XX: not one of the 50 state codes of states.json');
    const text = copy(seals) as { states: Record<string, Record<string, Record<string, unknown>>> };
    text.states.AL.architect.diameterIn = '2 in';
    expect(() => parseTemplateData('seals.json', SealsFile, text)).toThrow(/states\.AL\.architect\.diameterIn: .*number/);
  });
});
