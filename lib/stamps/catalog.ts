import { BOARD_RULES } from './board-rules.ts';
import { STATE_CODES, stateName } from './jurisdictions.ts';
import { getProfession, PROFESSION_SLUGS } from './professions.ts';
import { STAMP_FORMATS, STAMP_TEXT_FIELDS } from './render.ts';
import { STYLE_RULES } from './style.ts';

/** What the gallery offers: the text fields and their limits, professions, states by name, formats and style values. */
export function stampCatalog() {
  return {
    fields: STAMP_TEXT_FIELDS.map((f) => ({ ...f })),
    professions: PROFESSION_SLUGS.map((slug) => ({ slug, name: getProfession(slug)!.name, base: getProfession(slug)!.base })),
    states: STATE_CODES.map((code) => ({ code, name: stateName(code) })).sort((a, b) => a.name.localeCompare(b.name, 'en')),
    formats: [...STAMP_FORMATS],
    fontWeights: ['normal', 'bold', '300', '500', '700', '900'],
    fontFamilies: ['Helvetica, Liberation Sans, sans-serif', "Georgia, 'Times New Roman', serif", "'Courier New', monospace"],
    /** The board rule of each state and profession (`TX/engineer`): what the gallery shows under the seal. */
    rules: Object.fromEntries(BOARD_RULES.map((r) => [`${r.state}/${r.profession}`, { section: r.section, status: r.status, quote: r.quote, url: r.boardUrl ?? r.officialUrl }])),
    accepts: Object.fromEntries(Object.entries(STYLE_RULES).map(([k, v]) => [k, v.accepts])),
  };
}
