import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { complexityFromQuery } from '@pothos/plugin-complexity';
import { complexityLimit, queryDepth } from './complexity.ts';
import { schema } from './schema/index.ts';

describe('queryDepth', () => {
  it('counts the root field as 1 and the leaf too', () => {
    expect(queryDepth(parse('{ me { id } }'))).toBe(2);
    expect(queryDepth(parse('{ myOrganizations { organization { id } } }'))).toBe(3);
  });
  it('follows fragments and inline fragments, and survives a fragment cycle', () => {
    expect(queryDepth(parse('{ me { ...F } } fragment F on User { ... on User { id } }'))).toBe(2);
    expect(queryDepth(parse('{ me { ...F } } fragment F on User { a { ...F } }'))).toBe(2);
  });
  it('leaves introspection out, so standard tools keep working', () => {
    expect(queryDepth(parse('{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } }'))).toBe(0);
  });
});

describe('cost rule', () => {
  const cost = (query: string) => complexityFromQuery(query, { schema, ctx: {} }).complexity;
  it('charges objects 1 and scalars 0', () => {
    expect(cost('{ me { id email } }')).toBe(1);
    expect(cost('{ organization { id } subscription { status } }')).toBe(2);
  });
  it('multiplies a list by its limit, or 20 when omitted', () => {
    expect(cost('{ myOrganizations(limit: 50) { organization { id } } }')).toBe(51);
    expect(cost('{ myOrganizations { organization { id } } }')).toBe(21);
    expect(cost('{ myOrganizations { id } }')).toBe(1);
  });
  it('has the documented limits', () => {
    expect(complexityLimit('query', 'FREE')).toBe(500);
    expect(complexityLimit('mutation', 'TEAM')).toBe(100);
    expect(complexityLimit('query', 'ENTERPRISE')).toBe(2000);
    expect(complexityLimit('mutation', 'ENTERPRISE')).toBe(500);
    expect(complexityLimit('query', undefined)).toBe(500);
  });
});
