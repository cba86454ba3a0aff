/** List arguments are input validation: BAD_USER_INPUT with its message before authorization and before any SQL (validateArgs). */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { gql } from '../../test/graphql.ts';
import { sqlStatements } from '../db/index.ts';

let owner: SeededUser;
beforeAll(async () => {
  owner = await seedUser({ planLevel: 'TEAM' });
});

const cases: Array<[string, string]> = [
  ['{ documents(limit: 101) { id } }', 'limit must be between 1 and 100; got 101'],
  ['{ seals(limit: 0) { id } }', 'limit must be between 1 and 100; got 0'],
  ['{ signingCertificates(limit: 101) { id } }', 'limit must be between 1 and 100; got 101'],
  ['{ organizationMembers(limit: 201) { id } }', 'limit must be between 1 and 200; got 201'],
  ['{ invoices(limit: 101) { id } }', 'limit must be between 1 and 100; got 101'],
  // totalCount alone: the connection never builds its query, and the check still runs.
  ['{ documentsConnection(first: 1, last: 1) { totalCount } }', 'Give first or last, not both'],
  ['{ sealsConnection(first: 101) { totalCount } }', 'first must be between 1 and 100; got 101'],
  ['{ credentialsConnection(last: 5, after: "x") { totalCount } }', 'last pages backward from before; use first with after'],
  ['{ foldersConnection(first: 5, after: "not-a-cursor") { totalCount } }', 'after is not a cursor this list gave out: "not-a-cursor"'],
  ['{ organizationMembersConnection(first: 0) { edges { node { id } } } }', 'first must be between 1 and 100; got 0'],
];

describe('list arguments', () => {
  it.each(cases)('%s is BAD_USER_INPUT before any SQL, with or without a token', async (query, message) => {
    for (const token of [undefined, owner.accessToken]) {
      const before = sqlStatements.count;
      const res = await gql(query, { token });
      const statements = sqlStatements.count - before;
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors?.map((e) => [e.extensions.code, e.message])).toEqual([['BAD_USER_INPUT', message]]);
      // Signing in reads the user with its membership (one statement: relationJoins); the field
      // itself runs nothing.
      expect(statements).toBe(token ? 1 : 0);
    }
  });
});
