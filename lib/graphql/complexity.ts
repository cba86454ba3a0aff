import { getNamedType, isListType, isNonNullType, isObjectType, isInterfaceType, isUnionType, Kind } from 'graphql';
import type { DocumentNode, GraphQLField, GraphQLOutputType, SelectionSetNode } from 'graphql';

/** Page size assumed for a list whose size argument is omitted (decisions.md "Limits"). */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_DEPTH = 10;

/** Query and mutation cost limits by plan (graphql-interface.md §8). */
export function complexityLimit(operation: 'query' | 'mutation' | 'subscription', plan: string | undefined): number {
  const enterprise = plan === 'ENTERPRISE';
  if (operation === 'mutation') return enterprise ? 500 : 100;
  return enterprise ? 2000 : 500;
}

function isList(type: GraphQLOutputType): boolean {
  return isNonNullType(type) ? isList(type.ofType) : isListType(type);
}

/**
 * Our cost rule: an object-typed field costs 1, a scalar 0, a connection's `edges` and `node`
 * wrappers 0; a list or connection multiplies its selection by its page size
 * (limit/first/last, else 20).
 */
export function fieldComplexity(args: Record<string, unknown>, _ctx: unknown, field: GraphQLField<unknown, any>) {
  const named = getNamedType(field.type);
  const isObject = isObjectType(named) || isInterfaceType(named) || isUnionType(named);
  if (field.name === 'edges' || field.name === 'node') return { field: 0, multiplier: 1 };
  const isConnection = isObject && named.name.endsWith('Connection');
  let multiplier = 1;
  if (isList(field.type as GraphQLOutputType) || isConnection) {
    const size = [args.limit, args.first, args.last, args.perPage].find((v) => typeof v === 'number');
    multiplier = Math.max(0, (size as number | undefined) ?? DEFAULT_PAGE_SIZE);
  }
  return { field: isObject ? 1 : 0, multiplier };
}

/**
 * The deepest field nesting of a document (root field = 1, leaves count), following
 * fragments. Introspection fields (`__schema`, `__type`) are not counted: tools' standard
 * introspection query is deeper than any real query needs.
 */
export function queryDepth(document: DocumentNode): number {
  const fragments = new Map<string, SelectionSetNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def.selectionSet);
  }
  const walk = (set: SelectionSetNode, seen: Set<string>): number => {
    let max = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value.startsWith('__')) continue;
        max = Math.max(max, 1 + (sel.selectionSet ? walk(sel.selectionSet, seen) : 0));
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        max = Math.max(max, walk(sel.selectionSet, seen));
      } else {
        const name = sel.name.value;
        const frag = fragments.get(name);
        if (frag && !seen.has(name)) max = Math.max(max, walk(frag, new Set(seen).add(name)));
      }
    }
    return max;
  };
  let depth = 0;
  for (const def of document.definitions) {
    if (def.kind === Kind.OPERATION_DEFINITION) depth = Math.max(depth, walk(def.selectionSet, new Set()));
  }
  return depth;
}
