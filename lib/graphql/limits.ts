import { Kind } from 'graphql';
import type { DocumentNode, FragmentDefinitionNode, SelectionSetNode } from 'graphql';
import { AppError } from '../errors.ts';

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
} as const;

interface Measure {
  /** The deepest field nesting below this point. */
  depth: number;
  /** Field selections below this point, fragments expanded. */
  fields: number;
}

/**
 * Depth and expanded size of a document, each fragment measured once and reused wherever it
 * is spread: a fan-out of fragments that would expand to millions of selections costs one
 * pass over the text. A fragment cycle (refused later by validation) counts as nothing.
 */
export function measureDocument(document: DocumentNode): Measure {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const memo = new Map<string, Measure>();
  const inProgress = new Set<string>();

  const fragment = (name: string): Measure => {
    const known = memo.get(name);
    if (known) return known;
    const def = fragments.get(name);
    if (!def || inProgress.has(name)) return { depth: 0, fields: 0 };
    inProgress.add(name);
    const m = selectionSet(def.selectionSet);
    inProgress.delete(name);
    memo.set(name, m);
    return m;
  };

  const selectionSet = (set: SelectionSetNode): Measure => {
    let depth = 0;
    let fields = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const child = sel.selectionSet ? selectionSet(sel.selectionSet) : { depth: 0, fields: 0 };
        fields += 1 + child.fields;
        // Tools' standard introspection query is deeper than any real query needs.
        if (!sel.name.value.startsWith('__')) depth = Math.max(depth, 1 + child.depth);
      } else {
        const child = sel.kind === Kind.INLINE_FRAGMENT ? selectionSet(sel.selectionSet) : fragment(sel.name.value);
        fields += child.fields;
        depth = Math.max(depth, child.depth);
      }
    }
    return { depth, fields };
  };

  const total: Measure = { depth: 0, fields: 0 };
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const m = selectionSet(def.selectionSet);
    total.depth = Math.max(total.depth, m.depth);
    total.fields += m.fields;
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
    if (value.kind === Kind.STRING && typeof value.value === 'string' && value.value.includes('\u0000')) nul = true;
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
  const { depth, fields } = measureDocument(document);
  if (depth > L.maxDepth) throw new AppError('QUERY_TOO_DEEP', `Query depth of ${depth} exceeds the maximum depth of ${L.maxDepth}`);
  if (fields > L.maxExpandedFields) {
    throw new AppError('QUERY_TOO_COMPLEX', `The query expands to ${fields > 1e9 ? 'more than a billion' : fields} field selections once its fragments are spread; at most ${L.maxExpandedFields} are allowed`);
  }
}
