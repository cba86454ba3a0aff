import { STATE_CODES, stateName } from './jurisdictions.ts';
import { getProfession, PROFESSION_SLUGS } from './professions.ts';
import { STYLE_RULES } from './style.ts';

/** What the gallery offers: professions, states and the accepted style values. */
export function stampCatalog() {
  return {
    professions: PROFESSION_SLUGS.map((slug) => ({ slug, name: getProfession(slug)!.name })),
    states: STATE_CODES.map((code) => ({ code, name: stateName(code) })),
    fontWeights: ['normal', 'bold', '300', '500', '700', '900'],
    fontFamilies: ['Helvetica, Liberation Sans, sans-serif', "Georgia, 'Times New Roman', serif", "'Courier New', monospace"],
    accepts: Object.fromEntries(Object.entries(STYLE_RULES).map(([k, v]) => [k, v.accepts])),
  };
}
