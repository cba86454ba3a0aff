import { Kind } from 'graphql';
import type { DocumentNode, SelectionSetNode } from 'graphql';
import { perFragment } from './fragments.ts';
import { AppError } from '../errors.ts';
import { findNul } from '../text.ts';

/**
 * What one document may hold (graphql-interface.md §8 for depth). Checked on the text alone,
 * before validation and before any walk that could multiply: a document past any of these
 * is refused with HTTP 400 before it costs anything.
 */
export const DOCUMENT_LIMITS = {
  /** Lexical tokens, checked by the parser itself. */
  maxTokens: 20_000,
  /** Selections written in the document (fields, spreads, inline fragments). */
  maxSelections: 2_000,
  maxAliases: 100,
  maxFragments: 100,
  /** Field nesting, the root field counting 1 and the leaf too; introspection fields are not counted. */
  maxDepth: 10,
  /** Field selections once every fragment spread is expanded where it is used. */
  maxExpandedFields: 5_000,
  /**
   * Under `__schema` or `__type`: nesting, and lists within lists (fields of the types of
   * fields…), whose answers multiply. The standard introspection query of tools needs 15
   * and 3 (types → fields → args).
   */
  maxIntrospectionDepth: 15,
  maxIntrospectionLists: 3,
} as const;

/** Introspection fields that answer lists: each nesting of them multiplies the answer. */
const INTROSPECTION_LISTS = new Set(['types', 'fields', 'args', 'inputFields', 'interfaces', 'possibleTypes', 'enumValues', 'directives']);

interface Measure {
  /** The deepest field nesting below this point, introspection left out. */
  depth: number;
  /** Field selections below this point, fragments expanded. */
  fields: number;
  /** Nesting of every field, introspection included, and of introspection list fields, below this point. */
  allDepth: number;
  lists: number;
  /** The deepest nesting and list nesting found under any `__schema`/`__type` field below this point. */
  metaDepth: number;
  metaLists: number;
}

const NOTHING: Measure = { depth: 0, fields: 0, allDepth: 0, lists: 0, metaDepth: 0, metaLists: 0 };

/**
 * Depth and expanded size of a document, each fragment measured once and reused wherever it
 * is spread: a fan-out of fragments that would expand to millions of selections costs one
 * pass over the text. A fragment cycle (refused later by validation) counts as nothing.
 */
export function measureDocument(document: DocumentNode): Measure {
  const fragment = perFragment(document, (def) => selectionSet(def.selectionSet), NOTHING);
  const selectionSet = (set: SelectionSetNode): Measure => {
    const m = { ...NOTHING };
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const child = sel.selectionSet ? selectionSet(sel.selectionSet) : NOTHING;
        const name = sel.name.value;
        m.fields += 1 + child.fields;
        // Tools' standard introspection query is deeper than any real query needs: it has limits of its own.
        if (!name.startsWith('__')) m.depth = Math.max(m.depth, 1 + child.depth);
        m.allDepth = Math.max(m.allDepth, 1 + child.allDepth);
        m.lists = Math.max(m.lists, (INTROSPECTION_LISTS.has(name) ? 1 : 0) + child.lists);
        const isMetaRoot = name === '__schema' || name === '__type';
        m.metaDepth = Math.max(m.metaDepth, child.metaDepth, isMetaRoot ? 1 + child.allDepth : 0);
        m.metaLists = Math.max(m.metaLists, child.metaLists, isMetaRoot ? child.lists : 0);
      } else {
        const child = sel.kind === Kind.INLINE_FRAGMENT ? selectionSet(sel.selectionSet) : fragment(sel.name.value);
        m.fields += child.fields;
        m.depth = Math.max(m.depth, child.depth);
        m.allDepth = Math.max(m.allDepth, child.allDepth);
        m.lists = Math.max(m.lists, child.lists);
        m.metaDepth = Math.max(m.metaDepth, child.metaDepth);
        m.metaLists = Math.max(m.metaLists, child.metaLists);
      }
    }
    return m;
  };

  const total: Measure = { ...NOTHING };
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const m = selectionSet(def.selectionSet);
    total.fields += m.fields;
    for (const key of ['depth', 'allDepth', 'lists', 'metaDepth', 'metaLists'] as const) total[key] = Math.max(total[key], m[key]);
  }
  return total;
}

/** Count what the document holds as written, and refuse NUL in its string literals: one pass, no expansion. */
function countWritten(document: DocumentNode) {
  let selections = 0;
  let aliases = 0;
  let fragments = 0;
  let nul = false;
  const visitValue = (value: { kind: Kind; value?: unknown; values?: readonly unknown[]; fields?: readonly { value: unknown }[] }): void => {
    if (value.kind === Kind.STRING && findNul(value.value, 'query')) nul = true;
    else if (value.kind === Kind.LIST) for (const v of value.values ?? []) visitValue(v as typeof value);
    else if (value.kind === Kind.OBJECT) for (const f of value.fields ?? []) visitValue(f.value as typeof value);
  };
  const visitSet = (set: SelectionSetNode | undefined): void => {
    if (!set) return;
    for (const sel of set.selections) {
      selections++;
      if (sel.kind === Kind.FIELD) {
        if (sel.alias) aliases++;
        for (const arg of sel.arguments ?? []) visitValue(arg.value);
        visitSet(sel.selectionSet);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        visitSet(sel.selectionSet);
      }
    }
  };
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments++;
    if (def.kind === Kind.OPERATION_DEFINITION || def.kind === Kind.FRAGMENT_DEFINITION) {
      if (def.kind === Kind.OPERATION_DEFINITION) for (const v of def.variableDefinitions ?? []) if (v.defaultValue) visitValue(v.defaultValue);
      visitSet(def.selectionSet);
    }
  }
  return { selections, aliases, fragments, nul };
}

/**
 * Refuse a document that is too large, too deep or expands too far, before it is validated
 * or run: QUERY_TOO_DEEP, QUERY_TOO_COMPLEX or BAD_USER_INPUT. Cost against the plan's limit
 * is judged later, once the operation, its variables and the actor are known.
 */
export function checkDocument(document: DocumentNode): void {
  const written = countWritten(document);
  const L = DOCUMENT_LIMITS;
  if (written.nul) throw new AppError('BAD_USER_INPUT', 'Text must not contain NUL (U+0000) characters: a string in the query');
  if (written.selections > L.maxSelections) throw new AppError('QUERY_TOO_COMPLEX', `The document holds ${written.selections} selections; at most ${L.maxSelections} are allowed`);
  if (written.aliases > L.maxAliases) throw new AppError('QUERY_TOO_COMPLEX', `The document holds ${written.aliases} aliases; at most ${L.maxAliases} are allowed`);
  if (written.fragments > L.maxFragments) throw new AppError('QUERY_TOO_COMPLEX', `The document holds ${written.fragments} fragments; at most ${L.maxFragments} are allowed`);
  const { depth, fields, metaDepth, metaLists } = measureDocument(document);
  if (depth > L.maxDepth) throw new AppError('QUERY_TOO_DEEP', `Query depth of ${depth} exceeds the maximum depth of ${L.maxDepth}`);
  if (metaDepth > L.maxIntrospectionDepth) throw new AppError('QUERY_TOO_DEEP', `Introspection depth of ${metaDepth} exceeds the maximum of ${L.maxIntrospectionDepth}`);
  if (metaLists > L.maxIntrospectionLists) {
    throw new AppError('QUERY_TOO_COMPLEX', `Introspection nests ${metaLists} lists; at most ${L.maxIntrospectionLists} (types, fields, args) are allowed`);
  }
  if (fields > L.maxExpandedFields) {
    throw new AppError(
      'QUERY_TOO_COMPLEX',
      `The query expands to ${fields > 1e9 ? 'more than a billion' : fields} field selections once its fragments are spread; at most ${L.maxExpandedFields} are allowed`,
    );
  }
}
