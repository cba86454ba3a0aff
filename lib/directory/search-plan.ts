/**
 * How the directory reads one page of a name search (lib/directory/search-professionals.ts):
 * arithmetic on what NameGramCount and NameToken say of the query, so that each shape of query
 * reads about as few index entries as its page and its exact count need.
 *
 * Three ways to read a page, all in directory order (last name, first name, id):
 * - walk: Professional's name-ordered index from the start, keeping the rows whose profession,
 *   state and name match; cheap when most names match (no query, or a word most names hold),
 *   but a walk to the holders of a rarer word may pass over most of the directory, since they
 *   may lie together ("mo" is held by the Moores);
 * - merge: one ordered run (ProfessionalNameToken in name order) per directory word holding the
 *   query's narrowest word, or per profession in one state when there is no word, merged by
 *   PostgreSQL (Merge Append), which stops once the page is reached: it reads about offset +
 *   limit entries of the runs whatever the word, plus the descent of each run;
 * - sort: every holder of the narrowest word in the scope, hashed and sorted: for a word held
 *   by too many directory words to merge their runs, or a narrow query whose count reads every
 *   holder anyway ("james smith").
 */

/** NameGramCount holds the pieces of one to three letters of the directory's words (migration directory_counts). */
export const MAX_GRAM = 3;
/** The directory words read for each query word, and the most runs a merge reads (each is planned and descended): a word held by more takes no merge. */
export const MAX_TOKENS = 64;

// Costs in index entries walked (an entry read, its profession and name matched).
/** One ordered run of a merge: its share of planning, and the descent of its index. */
const RUN_COST = 150;
/** A comparison of two entries in directory order (two names and an id, in the database's collation). */
const COMPARE_COST = 0.5;
/** How much further than their share a walk or a run may go to reach the matches (they may lie together in directory order). */
const CLUSTER_RISK = 8;
/** A descent of the index for one directory word and profession, when their entries are sorted together. */
const DESCENT_COST = 10;

export type PageStrategy = 'walk' | 'merge' | 'sort';

/** What one round trip learns of a query before its page is read. */
export interface SearchFacts {
  /** The active professions of the searched one and its branches. */
  professionIds: string[];
  /** For '' and each gram of the query's words, professionals holding it: in the scope, and in every profession of the scope's state (or country). */
  counts: Map<string, { matching: number; everyone: number }>;
  /** For each query word, the directory words holding it, or null when there are more than MAX_TOKENS. */
  tokens: Array<string[] | null>;
}

export interface SearchPlan {
  /** The exact totalCount when NameGramCount gives it, else null (counted with the page). */
  knownTotal: number | null;
  /** The word whose holders are read (an index into the query's words), null without words. */
  lead: number | null;
  /** The other words a holder's name must match (those every directory word of the lead holds need not be). */
  filters: number[];
  /** How the page is read; null when the page is past the last match. */
  strategy: PageStrategy | null;
}

/** The directory words of a query word whose counts are read: a word held by more is estimated from its grams. */
export const MAX_COUNTED_TOKENS = 16;

/** Whether NameGramCount counts the directory words holding this query word whole (they have more than three letters, as it has). */
export function isCountedWhole(word: string): boolean {
  return [...word].length > MAX_GRAM;
}

/** The grams NameGramCount holds for a query word: the word itself when short, else its pieces of three letters. */
export function grams(word: string): string[] {
  const chars = [...word];
  if (chars.length <= MAX_GRAM) return [word];
  return chars.slice(0, chars.length - MAX_GRAM + 1).map((_, i) => chars.slice(i, i + MAX_GRAM).join(''));
}

/**
 * Whether a merge reads one run per directory word and profession, rather than one per word
 * with the branches filtered as they come: when other words are matched too, so that the
 * planner, misjudging how many entries they keep, is never tempted to sort a run whole rather
 * than read it in order.
 */
export function runsByProfession(filters: number[], professionIds: string[], stateCode?: string): boolean {
  return filters.length > 0 && !stateCode && professionIds.length > 1;
}

/** The strategies a query can take: a merge needs every directory word of its lead and few runs, and runs by profession need a state without a word. */
export function possibleStrategies(words: string[], facts: SearchFacts, lead: number | null, stateCode?: string): PageStrategy[] {
  const strategies: PageStrategy[] = ['walk'];
  if (lead === null) {
    if (stateCode && facts.professionIds.length <= MAX_TOKENS) strategies.push('merge');
    return strategies;
  }
  const tokens = facts.tokens[lead];
  if (tokens) strategies.push('merge');
  strategies.push('sort');
  return strategies;
}

/**
 * The plan for one page: the exact count if the counts give it, the narrowest word, and the
 * cheapest way to read the page (or `force`, when it can be taken: tests compare every way).
 */
export function planSearch(words: string[], facts: SearchFacts, { offset, limit, stateCode, force }: { offset: number; limit: number; stateCode?: string; force?: PageStrategy }): SearchPlan {
  const count = (gram: string) => facts.counts.get(gram)?.matching ?? 0;
  const scope = count('');
  const everyone = facts.counts.get('')?.everyone ?? 0;
  // The entries of a word's directory words: exactly, from their own counts when they were read
  // (NameGramCount counts every word of more than three letters whole), else at most as many as
  // the professionals holding its rarest gram (exactly, for a word of up to three letters).
  const counted = (i: number) => isCountedWhole(words[i]) && facts.tokens[i] !== null && facts.tokens[i].length <= MAX_COUNTED_TOKENS;
  const entries = words.map((w, i) => (counted(i) ? facts.tokens[i]!.reduce((sum, t) => sum + count(t), 0) : Math.min(...grams(w).map(count))));
  const lead = words.length === 0 ? null : words.reduce((best, w, i) => (entries[i] < entries[best] ? i : best), 0);
  // A word held by every directory word of the lead needs no matching ("sandra d": every Sandra holds d).
  const implied = (i: number) => lead !== null && (words[lead].includes(words[i]) || (facts.tokens[lead]?.every((t) => t.includes(words[i])) ?? false));
  const filters = words.map((_, i) => i).filter((i) => i !== lead && !implied(i));
  // The lead alone, then: a short word has as many holders as its gram, one held by a single directory word as that word.
  const exact = (i: number) => (!isCountedWhole(words[i]) ? count(words[i]) : counted(i) && facts.tokens[i]!.length === 1 ? entries[i] : null);
  const knownTotal = lead === null ? scope : filters.length === 0 ? exact(lead) : null;

  // No active profession, or a query word no directory word holds: nobody matches.
  if (facts.professionIds.length === 0 || facts.tokens.some((t) => t !== null && t.length === 0)) return { knownTotal: 0, lead, filters, strategy: null };
  if (knownTotal !== null && offset >= knownTotal) return { knownTotal, lead, filters, strategy: null };

  // The matches: the lead's holders, each other word matched as if independent of it.
  const matches = Math.max(1, knownTotal ?? (lead === null ? scope : filters.reduce((m, i) => (scope ? (m * entries[i]) / scope : 0), entries[lead])));
  const runEntries = lead === null ? scope : Math.max(matches, entries[lead]);
  const need = offset + limit;
  const tokens = lead === null ? 0 : (facts.tokens[lead]?.length ?? MAX_TOKENS);
  const byProfession = runsByProfession(filters, facts.professionIds, stateCode);
  const runs = lead === null ? facts.professionIds.length : byProfession ? tokens * facts.professionIds.length : tokens;
  // A word's run holds every profession of a state, or a profession's branches: the others are passed over as it is read.
  const filtered = lead !== null && !byProfession && (stateCode || facts.professionIds.length > 1) ? Math.max(1, everyone / Math.max(scope, 1)) : 1;
  // The holders of a word may lie together in directory order ("mo": the Moores), and a walk to
  // them passes over far more than its share, the likelier the fewer match; so may the matches of
  // the other words along a run (the Williams among the Sanchezes, ordered by first name).
  const clustered = (share: number) => 1 + (CLUSTER_RISK - 1) * (1 - Math.min(1, share));
  const merged = Math.min(runEntries, ((need * runEntries) / matches) * (filters.length ? clustered(matches / runEntries) : 1));
  // Unless the counts gave it, the count reads every entry of the lead's runs; sorting them shares that read.
  const counting = knownTotal === null ? runEntries : 0;
  const walked = ((need * everyone) / matches) * (lead === null ? 1 : clustered(matches / Math.max(scope, 1)));
  const cost: Record<PageStrategy, number> = {
    walk: counting + Math.min(everyone, walked),
    // Each entry read, and each kept compared along the runs (a heap of them).
    merge: counting + runs * RUN_COST + merged * (filtered + COMPARE_COST * Math.log2(runs + 1)),
    // Each holder read, each match kept and pushed through a heap as deep as the page.
    sort: tokens * facts.professionIds.length * DESCENT_COST + runEntries + matches * (1 + COMPARE_COST * 2 * Math.log2(need + 1)),
  };
  const possible = possibleStrategies(words, facts, lead, stateCode);
  if (force) {
    if (!possible.includes(force)) throw new Error(`this query cannot be read by ${force}`);
    return { knownTotal, lead, filters, strategy: force };
  }
  const strategy = possible.reduce((best, s) => (cost[s] < cost[best] ? s : best));
  return { knownTotal, lead, filters, strategy };
}
