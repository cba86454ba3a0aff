import { getNamedType, isAbstractType, isInterfaceType, isListType, isNonNullType, isObjectType, Kind, valueFromASTUntyped } from 'graphql';
import type { DocumentNode, GraphQLCompositeType, GraphQLField, GraphQLOutputType, GraphQLSchema, OperationDefinitionNode, SelectionSetNode } from 'graphql';
import { perFragment } from './fragments.ts';

/** Page size assumed for a list whose size argument is omitted (decisions.md "Limits"). */
export const DEFAULT_PAGE_SIZE = 20;

function isList(type: GraphQLOutputType): boolean {
  return isNonNullType(type) ? isList(type.ofType) : isListType(type);
}

/** The arguments that size a page of a list or connection. */
const PAGE_SIZE_ARGS = ['limit', 'first', 'last', 'perPage'] as const;

/**
 * Our cost rule: an object-typed field costs 1, a scalar 0, a connection's `edges` and `node`
 * wrappers 0; a list or connection multiplies its selection by its page size (limit, first,
 * last or perPage as given, else the default the schema declares for it, e.g.
 * BatchSealJob.items(first = 500), else 20).
 */
export function fieldComplexity(args: Record<string, unknown>, field: GraphQLField<unknown, unknown>): { field: number; multiplier: number } {
  const named = getNamedType(field.type);
  const isObject = isObjectType(named) || isAbstractType(named);
  if (field.name === 'edges' || field.name === 'node') return { field: 0, multiplier: 1 };
  const isConnection = isObject && named.name.endsWith('Connection');
  let multiplier = 1;
  if (isList(field.type) || isConnection) {
    const given = PAGE_SIZE_ARGS.map((name) => args[name]).find((v) => typeof v === 'number');
    const declared = PAGE_SIZE_ARGS.map((name) => field.args.find((a) => a.name === name)?.defaultValue).find((v) => typeof v === 'number');
    multiplier = Math.max(0, ((given ?? declared) as number | undefined) ?? DEFAULT_PAGE_SIZE);
  }
  return { field: isObject ? 1 : 0, multiplier };
}

/**
 * The cost of one operation under our rule, with its variables. Each fragment is costed once
 * and reused wherever it is spread, so the walk is linear in the document whatever it expands
 * to. Fields the schema does not have cost nothing (validation has refused them already).
 */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, given: Record<string, unknown> = {}): number {
  // A variable the request leaves out takes its default, as execution will.
  const variables: Record<string, unknown> = {};
  for (const def of operation.variableDefinitions ?? []) {
    if (def.defaultValue) variables[def.variable.name.value] = valueFromASTUntyped(def.defaultValue);
  }
  Object.assign(variables, given);
  const costOfSet = (set: SelectionSetNode, parent: GraphQLCompositeType): number => {
    let cost = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (!isObjectType(parent) && !isInterfaceType(parent)) continue;
        const field = parent.getFields()[sel.name.value];
        if (!field) continue;
        const args: Record<string, unknown> = {};
        for (const arg of sel.arguments ?? []) args[arg.name.value] = valueFromASTUntyped(arg.value, variables);
        const rule = fieldComplexity(args, field as GraphQLField<unknown, unknown>);
        const child = getNamedType(field.type);
        const inner = sel.selectionSet && (isObjectType(child) || isAbstractType(child)) ? costOfSet(sel.selectionSet, child) : 0;
        cost += rule.field + rule.multiplier * inner;
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const on = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : parent;
        if (on && (isObjectType(on) || isAbstractType(on))) cost += costOfSet(sel.selectionSet, on);
      } else {
        cost += costOfFragment(sel.name.value);
      }
    }
    return cost;
  };

  // Each fragment is costed on its own type condition, once.
  const costOfFragment = perFragment(
    document,
    (def) => {
      const on = schema.getType(def.typeCondition.name.value);
      return on && (isObjectType(on) || isAbstractType(on)) ? costOfSet(def.selectionSet, on) : 0;
    },
    0,
  );

  const root = schema.getRootType(operation.operation);
  return root ? costOfSet(operation.selectionSet, root) : 0;
}

/** How many times the operation selects any of `names` at its root, fragments included. */
export function rootFieldCount(document: DocumentNode, operation: OperationDefinitionNode, names: ReadonlySet<string>): number {
  const count = (set: SelectionSetNode): number => {
    let n = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) n += names.has(sel.name.value) ? 1 : 0;
      else if (sel.kind === Kind.INLINE_FRAGMENT) n += count(sel.selectionSet);
      else n += countOfFragment(sel.name.value);
    }
    return n;
  };
  const countOfFragment = perFragment(document, (def) => count(def.selectionSet), 0);
  return count(operation.selectionSet);
}
