import { Kind } from 'graphql';
import type { DocumentNode, FragmentDefinitionNode } from 'graphql';

/**
 * A value per fragment of a document, computed once however often the fragment is spread:
 * what keeps every walk over a document linear, whatever it would expand to. A fragment
 * spread inside its own computation (a cycle, which validation refuses later) and an unknown
 * fragment are worth `empty`.
 */
export function perFragment<T>(document: DocumentNode, compute: (def: FragmentDefinitionNode) => T, empty: T): (name: string) => T {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const memo = new Map<string, T>();
  const inProgress = new Set<string>();
  return (name) => {
    if (memo.has(name)) return memo.get(name)!;
    const def = fragments.get(name);
    if (!def || inProgress.has(name)) return empty;
    inProgress.add(name);
    const value = compute(def);
    inProgress.delete(name);
    memo.set(name, value);
    return value;
  };
}
