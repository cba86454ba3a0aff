import { getIntrospectionQuery, Kind, parse } from 'graphql';
import type { DocumentNode, OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as dashboardDocuments from '../../components/gql/graphql.ts';
import { AppError } from '../errors.ts';
import { complexityLimit, requestTimeoutMs } from '../orgs/plans.ts';
import { operationCost, rootFieldCount } from './complexity.ts';
import { checkDocument, DOCUMENT_LIMITS, measureDocument } from './limits.ts';
import { schema } from './schema/index.ts';
import { SIGN_IN_FIELDS } from './server.ts';

const depth = (query: string) => measureDocument(parse(query)).depth;
const operation = (query: string) => {
  const document = parse(query);
  return { document, op: document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)! };
};
const cost = (query: string, variables?: Record<string, unknown>) => {
  const { document, op } = operation(query);
  return operationCost(schema, document, op, variables);
};
const refusal = (query: string) => {
  try {
    checkDocument(parse(query));
  } catch (err) {
    return err instanceof AppError ? `${err.code}: ${err.message}` : String(err);
  }
  return 'accepted';
};
/** `{ ...F0 } fragment F0 on Query { ...F1 ...F1 } … fragment Fn on Query { __typename }`: 2^levels selections. */
export const fanOut = (levels: number) => {
  let q = '{ ...F0 } ';
  for (let i = 0; i < levels; i++) q += `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} } `;
  return `${q}fragment F${levels} on Query { __typename }`;
};

describe('document depth', () => {
  it('counts the root field as 1 and the leaf too', () => {
    expect(depth('{ me { id } }')).toBe(2);
    expect(depth('{ myOrganizations { organization { id } } }')).toBe(3);
  });
  it('follows fragments and inline fragments, and survives a fragment cycle', () => {
    expect(depth('{ me { ...F } } fragment F on User { ... on User { id } }')).toBe(2);
    expect(depth('{ me { ...F } } fragment F on User { a { ...F } }')).toBe(2);
  });
  it('leaves introspection out, so standard tools keep working', () => {
    expect(depth('{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } }')).toBe(0);
  });
});

describe('introspection', () => {
  it("lets tools' standard introspection query through", () => {
    expect(refusal(getIntrospectionQuery())).toBe('accepted');
    expect(refusal(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }))).toBe('accepted');
  });
  it('refuses lists of lists whose answers multiply, and nesting past 15', () => {
    let q = 'name';
    for (let i = 0; i < 4; i++) q = `name fields { type { ${q} } }`;
    expect(refusal(`{ __type(name: "__Type") { ${q} } }`)).toMatch(/^QUERY_TOO_COMPLEX: Introspection nests 4 lists/);
    let chain = 'name';
    for (let i = 0; i < 20; i++) chain = `ofType { ${chain} }`;
    expect(refusal(`{ __type(name: "User") { ${chain} } }`)).toMatch(/^QUERY_TOO_DEEP: Introspection depth of 22/);
    expect(refusal('{ ...F } fragment F on Query { __schema { types { fields { type { fields { type { fields { name } } } } } } } }')).toMatch(/nests 4 lists/);
  });
});

describe('fragment fan-out', () => {
  it('measures a 2^21 expansion in one pass over the text, and refuses it', () => {
    const started = performance.now();
    expect(measureDocument(parse(fanOut(21))).fields).toBe(2 ** 21);
    expect(measureDocument(parse(fanOut(200))).fields).toBeGreaterThan(1e60);
    expect(refusal(fanOut(21))).toMatch(/^QUERY_TOO_COMPLEX: The query expands to 2097152 field selections/);
    expect(refusal(fanOut(90))).toMatch(/more than a billion/);
    expect(performance.now() - started).toBeLessThan(2000); // linear: an expansion would take hours
  });
  it('costs a fan-out once per fragment', () => {
    const q = '{ ...A } fragment A on Query { ...B ...B } fragment B on Query { ...C ...C } fragment C on Query { me { id } }';
    expect(cost(q)).toBe(4);
    let deep = '{ ...F0 } ';
    for (let i = 0; i < 60; i++) deep += `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} } `;
    deep += 'fragment F60 on Query { me { id } }';
    const started = performance.now();
    expect(cost(deep)).toBe(2 ** 60);
    expect(performance.now() - started).toBeLessThan(2000); // linear: 2^60 walks would never end
  });
});

describe('what a document may hold', () => {
  it('caps selections, aliases and fragments as written', () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    expect(refusal(aliases(DOCUMENT_LIMITS.maxAliases))).toBe('accepted');
    expect(refusal(aliases(DOCUMENT_LIMITS.maxAliases + 1))).toMatch(/^QUERY_TOO_COMPLEX: The document holds 101 aliases/);
    const fragments = Array.from({ length: 101 }, (_, i) => `fragment G${i} on Query { __typename }`).join(' ');
    expect(refusal(`{ __typename } ${fragments}`)).toMatch(/101 fragments/);
    const selections = `{ me { ${Array.from({ length: 2001 }, () => 'id').join(' ')} } }`;
    expect(refusal(selections)).toMatch(/selections; at most 2000/);
  });
  it('refuses NUL in a string literal, nested or not', () => {
    expect(refusal('mutation { login(input: { email: "a\\u0000b", password: "x" }) { accessToken } }')).toMatch(/^BAD_USER_INPUT: Text must not contain NUL/);
    expect(refusal('query($x: String = "\\u0000") { __typename }')).toMatch(/^BAD_USER_INPUT/);
    expect(refusal('mutation { login(input: { email: "a@b.c", password: "x" }) { accessToken } }')).toBe('accepted');
  });
  it('refuses depth 11 and lets 10 through', () => {
    const nested = (n: number) => {
      let inner = `f${n}`;
      for (let i = n - 1; i >= 2; i--) inner = `f${i} { ${inner} }`;
      return `{ me { ${inner} } }`;
    };
    expect(refusal(nested(10))).toBe('accepted');
    expect(refusal(nested(11))).toBe('QUERY_TOO_DEEP: Query depth of 11 exceeds the maximum depth of 10');
  });
});

describe('cost rule', () => {
  it('charges objects 1 and scalars 0', () => {
    expect(cost('{ me { id email } }')).toBe(1);
    expect(cost('{ organization { id } subscription { status } }')).toBe(2);
  });
  it('multiplies a list by its limit, or 20 when omitted, variables included', () => {
    expect(cost('{ myOrganizations(limit: 50) { organization { id } } }')).toBe(51);
    expect(cost('query($n: Int) { myOrganizations(limit: $n) { organization { id } } }', { n: 10 })).toBe(11);
    // A variable left out takes its default, as execution will.
    expect(cost('query($n: Int = 50) { myOrganizations(limit: $n) { organization { id } } }')).toBe(51);
    expect(cost('query($n: Int = 50) { myOrganizations(limit: $n) { organization { id } } }', { n: 5 })).toBe(6);
    expect(cost('{ myOrganizations { organization { id } } }')).toBe(21);
    expect(cost('{ myOrganizations { id } }')).toBe(1);
  });
  it('holds 51 sign-ups to the mutation limit', () => {
    const mutation = `mutation { ${Array.from({ length: 51 }, (_, i) => `r${i}: register(input: { email: "a${i}@b.c", password: "long enough pw" }) { user { id } }`).join(' ')} }`;
    expect(cost(mutation)).toBe(102);
    expect(cost(mutation)).toBeGreaterThan(complexityLimit('mutation', 'FREE'));
  });
});

describe('declared page sizes', () => {
  it('counts BatchSealJob.items by first, and as any list (20) when omitted, as the contract asks for it', () => {
    expect(cost('{ batchSealJob(id: "0f8fad5b-d9cb-469f-a165-70867728950e") { items { document { id } } } }')).toBe(22);
    expect(cost('{ batchSealJob(id: "0f8fad5b-d9cb-469f-a165-70867728950e") { items(first: 10) { document { id } seal { id } } } }')).toBe(22);
    expect(cost('query($n: Int) { batchSealJob(id: "0f8fad5b-d9cb-469f-a165-70867728950e") { items(first: $n) { document { id } } } }', { n: 3 })).toBe(5);
  });

  it('keeps every dashboard operation within the FREE plan\u2019s limits', () => {
    const operations = Object.entries(dashboardDocuments).flatMap(([name, doc]) => {
      const document = doc as unknown as Partial<DocumentNode>;
      const def = document.definitions?.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
      return def ? [[name, document as DocumentNode, def] as const] : [];
    });
    expect(operations.length).toBeGreaterThan(20);
    for (const [name, doc, def] of operations) {
      expect(operationCost(schema, doc, def), name).toBeLessThanOrEqual(complexityLimit(def.operation, 'FREE'));
    }
  });
});

describe('sign-in fields', () => {
  it('counts login, register, refreshToken and verifyMfaLogin at the root, through fragments', () => {
    const count = (q: string) => {
      const { document, op } = operation(q);
      return rootFieldCount(document, op, SIGN_IN_FIELDS);
    };
    expect(count('mutation { login(input: {email: "a", password: "b"}) { expiresIn } }')).toBe(1);
    expect(count('mutation { a: login(input: {email: "a", password: "b"}) { expiresIn } b: login(input: {email: "a", password: "c"}) { expiresIn } }')).toBe(2);
    expect(count('mutation { ...L ...L } fragment L on Mutation { login(input: {email: "a", password: "b"}) { expiresIn } }')).toBe(2);
    expect(count('mutation { logout register(input: {email: "a", password: "b"}) { expiresIn } }')).toBe(1);
  });
});

describe('plan limits', () => {
  it('has the documented limits, read from the plan table', () => {
    expect(complexityLimit('query', 'FREE')).toBe(500);
    expect(complexityLimit('mutation', 'TEAM')).toBe(100);
    expect(complexityLimit('query', 'ENTERPRISE')).toBe(2000);
    expect(complexityLimit('mutation', 'ENTERPRISE')).toBe(500);
    expect(complexityLimit('query', undefined)).toBe(500);
    expect(requestTimeoutMs(30_000, 'ENTERPRISE')).toBe(60_000);
    expect(requestTimeoutMs(30_000, 'PROFESSIONAL')).toBe(30_000);
  });
});
