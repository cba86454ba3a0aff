/** Organizations, members and roles over real GraphQL requests through the route handler. */
import { describe, expect, it } from 'vitest';
import { seedUser, uniqueEmail, setPlan } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { gql } from '../../test/graphql.ts';
import { db } from '../db/index.ts';
import { PERMISSIONS } from '../orgs/permissions.ts';
import { removeMember, upsertMember } from '../orgs/members.ts';

const UPSERT = 'mutation($input: UpsertOrganizationMemberInput!) { upsertOrganizationMember(input: $input) { id role user { id email } } }';
const REMOVE = 'mutation($id: UUID!) { removeOrganizationMember(id: $id) { id } }';
const MEMBERS = '{ organizationMembersConnection(first: 50) { totalCount edges { node { id role user { email } } } } }';

const upsert = (actor: SeededUser, email: string, role: string, headers?: Record<string, string>) => gql(UPSERT, { token: actor.accessToken, variables: { input: { email, role } }, headers });
const remove = (actor: SeededUser, id: string, headers?: Record<string, string>) => gql(REMOVE, { token: actor.accessToken, variables: { id }, headers });
const code = (r: { body: { errors?: Array<{ extensions: { code: string } }> } }) => r.body.errors?.[0]?.extensions.code;

async function membershipId(userId: string, organizationId: string): Promise<string> {
  const m = await db().organizationMembership.findUniqueOrThrow({ where: { userId_organizationId: { userId, organizationId } }, select: { id: true } });
  return m.id;
}

/** A TEAM organization (the owner's personal one) with an ADMIN and a MEMBER. */
async function team() {
  const owner = await seedUser({ planLevel: 'TEAM', displayName: 'Olivia Owner' });
  const admin = await seedUser({ displayName: 'Adam Admin' });
  const member = await seedUser({ displayName: 'Mia Member' });
  expect((await upsert(owner, admin.email, 'ADMIN')).body.data?.upsertOrganizationMember.role).toBe('ADMIN');
  expect((await upsert(owner, member.email, 'member')).body.data?.upsertOrganizationMember.role).toBe('MEMBER');
  const org = owner.organizationId;
  const headers = { 'x-organization-id': org };
  return { owner, admin, member, org, headers };
}

describe('the permission table', () => {
  it('gives MEMBER no management and OWNER everything', () => {
    for (const [permission, roles] of Object.entries(PERMISSIONS)) {
      expect(roles, permission).toContain('OWNER');
      if (permission !== 'organization.read') expect(roles, permission).not.toContain('MEMBER');
    }
  });
});

describe('setupOrganization, myOrganizations, setPrimaryOrganization and the current organization', () => {
  it('creates a FREE organization on trial with the caller as OWNER, switchable by header or primary membership', async () => {
    const user = await seedUser();
    const slug = `firm-${Date.now().toString(36)}`;
    const made = await gql(`mutation($input: SetupOrganizationInput!) { setupOrganization(input: $input) { id name slug planLevel maxTeamMembers canSealDocuments } }`, {
      token: user.accessToken,
      variables: { input: { name: 'Ellis & Partners', slug } },
    });
    const org = made.body.data?.setupOrganization;
    expect(org).toMatchObject({ name: 'Ellis & Partners', slug, planLevel: 'FREE', maxTeamMembers: 1, canSealDocuments: true });

    // The primary (personal) organization stays current until the header or setPrimaryOrganization says otherwise.
    expect((await gql('{ organization { id } }', { token: user.accessToken })).body.data?.organization.id).toBe(user.organizationId);
    const byHeader = await gql('{ organization { id } subscription { planLevel status trialEnd } }', { token: user.accessToken, headers: { 'x-organization-id': org.id } });
    expect(byHeader.body.data?.organization.id).toBe(org.id);
    expect(byHeader.body.data?.subscription).toMatchObject({ planLevel: 'FREE', status: 'trialing' });
    expect(new Date(byHeader.body.data?.subscription.trialEnd).getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);

    const mine = await gql('{ myOrganizations { isPrimaryOrg role organization { id } } }', { token: user.accessToken });
    expect(mine.body.data?.myOrganizations).toEqual([
      { isPrimaryOrg: true, role: 'OWNER', organization: { id: user.organizationId } },
      { isPrimaryOrg: false, role: 'OWNER', organization: { id: org.id } },
    ]);

    const primary = await gql('mutation($id: UUID!) { setPrimaryOrganization(organizationId: $id) { isPrimaryOrg organization { id } } }', { token: user.accessToken, variables: { id: org.id } });
    expect(primary.body.data?.setPrimaryOrganization).toEqual({ isPrimaryOrg: true, organization: { id: org.id } });
    expect((await gql('{ organization { id } }', { token: user.accessToken })).body.data?.organization.id).toBe(org.id);
    expect(await db().organizationMembership.count({ where: { userId: user.id, isPrimaryOrg: true } })).toBe(1);

    // A header naming an organization the user is not in falls back to the primary one.
    const stranger = await seedUser();
    expect((await gql('{ organization { id } }', { token: user.accessToken, headers: { 'x-organization-id': stranger.organizationId } })).body.data?.organization.id).toBe(org.id);
    const notMine = await gql('mutation($id: UUID!) { setPrimaryOrganization(organizationId: $id) { id } }', { token: user.accessToken, variables: { id: stranger.organizationId } });
    expect(code(notMine)).toBe('NOT_FOUND');
  });

  it('refuses a taken or malformed slug and an empty name, creating nothing', async () => {
    const user = await seedUser();
    const setup = (input: Record<string, unknown>) => gql('mutation($input: SetupOrganizationInput!) { setupOrganization(input: $input) { id } }', { token: user.accessToken, variables: { input } });
    const slug = `taken-${Date.now().toString(36)}`;
    expect((await setup({ name: 'First', slug })).body.data?.setupOrganization.id).toBeTruthy();
    const before = await db().organization.count();
    expect(code(await setup({ name: 'Second', slug }))).toBe('CONFLICT');
    expect(code(await setup({ name: 'Bad', slug: 'Not A Slug!' }))).toBe('BAD_USER_INPUT');
    expect(code(await setup({ name: '   ' }))).toBe('BAD_USER_INPUT');
    expect(await db().organization.count()).toBe(before);
    expect(code(await gql('mutation { setupOrganization(input: {name: "x"}) { id } }'))).toBe('UNAUTHENTICATED');
  });

  it('keeps a name printable and on one line: line breaks become spaces, bidi and other invisible controls go', async () => {
    const user = await seedUser();
    const made = await gql('mutation($input: SetupOrganizationInput!) { setupOrganization(input: $input) { name slug } }', {
      token: user.accessToken,
      variables: { input: { name: ' Acme\r\nBcc: x@evil.test \u202etxt.exe\u200b ' } },
    });
    expect(made.body.errors).toBeUndefined();
    expect(made.body.data?.setupOrganization.name).toBe('Acme Bcc: x@evil.test txt.exe');
    expect(
      code(await gql('mutation($input: SetupOrganizationInput!) { setupOrganization(input: $input) { id } }', { token: user.accessToken, variables: { input: { name: '\u202e\u200b\r\n' } } })),
    ).toBe('BAD_USER_INPUT');
  });
});

describe('members and roles', () => {
  it('lists members to every member, in the order they joined', async () => {
    const { owner, admin, member, headers } = await team();
    const seen = await gql(MEMBERS, { token: member.accessToken, headers });
    expect(seen.body.data?.organizationMembersConnection.totalCount).toBe(3);
    expect(seen.body.data?.organizationMembersConnection.edges.map((e: { node: { role: string; user: { email: string } } }) => [e.node.user.email, e.node.role])).toEqual([
      [owner.email, 'OWNER'],
      [admin.email, 'ADMIN'],
      [member.email, 'MEMBER'],
    ]);
    const legacy = await gql('{ organizationMembers(limit: 2) { role } }', { token: owner.accessToken });
    expect(legacy.body.data?.organizationMembers).toHaveLength(2);
    expect(code(await gql('{ organizationMembers(limit: 201) { id } }', { token: owner.accessToken }))).toBe('BAD_USER_INPUT');
  });

  it('MEMBER manages nobody; ADMIN manages members but no OWNER; OWNER manages OWNERs', async () => {
    const { owner, admin, member, org, headers } = await team();
    const outsider = await seedUser();
    const snapshot = async () => db().organizationMembership.findMany({ where: { organizationId: org }, select: { userId: true, role: true }, orderBy: { insertedAt: 'asc' } });
    const before = await snapshot();

    expect(code(await upsert(member, outsider.email, 'MEMBER', headers))).toBe('FORBIDDEN');
    expect(code(await upsert(member, member.email, 'ADMIN', headers))).toBe('FORBIDDEN');
    expect(code(await remove(member, await membershipId(admin.id, org), headers))).toBe('FORBIDDEN');
    expect(code(await upsert(admin, outsider.email, 'OWNER', headers))).toBe('FORBIDDEN');
    expect(code(await upsert(admin, owner.email, 'MEMBER', headers))).toBe('FORBIDDEN');
    expect(code(await remove(admin, await membershipId(owner.id, org), headers))).toBe('FORBIDDEN');
    expect(await snapshot()).toEqual(before);

    // ADMIN promotes a MEMBER to ADMIN and back, and removes a MEMBER.
    expect((await upsert(admin, member.email, 'ADMIN', headers)).body.data?.upsertOrganizationMember.role).toBe('ADMIN');
    expect((await upsert(admin, member.email, 'MEMBER', headers)).body.data?.upsertOrganizationMember.role).toBe('MEMBER');
    expect((await upsert(admin, outsider.email, 'MEMBER', headers)).body.data?.upsertOrganizationMember.user.email).toBe(outsider.email);
    const outsiderMembership = await membershipId(outsider.id, org);
    expect((await remove(admin, outsiderMembership, headers)).body.data?.removeOrganizationMember.id).toBe(outsiderMembership);

    // OWNER makes a second OWNER, who may then demote the first.
    expect((await upsert(owner, admin.email, 'OWNER')).body.data?.upsertOrganizationMember.role).toBe('OWNER');
    expect((await upsert(admin, owner.email, 'ADMIN', headers)).body.data?.upsertOrganizationMember.role).toBe('ADMIN');
  });

  it('the last OWNER can neither leave, be demoted nor be removed; a member leaves on their own', async () => {
    const { owner, admin, member, org, headers } = await team();
    const ownerMembership = await membershipId(owner.id, org);
    const left = await remove(owner, ownerMembership);
    expect(code(left)).toBe('CONFLICT');
    expect(left.body.errors?.[0].message).toMatch(/only OWNER/);
    expect(code(await upsert(owner, owner.email, 'ADMIN'))).toBe('CONFLICT');

    // A MEMBER leaves (their own membership): their primary organization is their personal one again.
    await gql('mutation($id: UUID!) { setPrimaryOrganization(organizationId: $id) { id } }', { token: member.accessToken, variables: { id: org } });
    const memberMembership = await membershipId(member.id, org);
    expect((await remove(member, memberMembership)).body.data?.removeOrganizationMember.id).toBe(memberMembership);
    expect((await gql('{ organization { id } }', { token: member.accessToken })).body.data?.organization.id).toBe(member.organizationId);

    // With a second OWNER, an OWNER may leave: here the second one, back to their own organization.
    await upsert(owner, admin.email, 'OWNER');
    const adminMembership = await membershipId(admin.id, org);
    expect((await remove(admin, adminMembership, headers)).body.data?.removeOrganizationMember.id).toBe(adminMembership);
    expect((await gql(MEMBERS, { token: owner.accessToken })).body.data?.organizationMembersConnection.totalCount).toBe(1);
    // Nobody leaves their only organization, even with another OWNER there.
    const other = await seedUser();
    await upsert(owner, other.email, 'OWNER');
    const onlyOne = await remove(owner, ownerMembership);
    expect(code(onlyOne)).toBe('CONFLICT');
    expect(onlyOne.body.errors?.[0].message).toMatch(/only organization/);
  });

  it('two OWNERs demoting or removing each other at once leave one OWNER', async () => {
    for (const action of ['demote', 'remove'] as const) {
      const { owner, admin, org, headers } = await team();
      await upsert(owner, admin.email, 'OWNER');
      const results =
        action === 'demote'
          ? await Promise.all([upsert(owner, admin.email, 'MEMBER', headers), upsert(admin, owner.email, 'MEMBER', headers)])
          : await Promise.all([remove(owner, await membershipId(admin.id, org), headers), remove(admin, await membershipId(owner.id, org), headers)]);
      // The second either finds itself demoted or removed already (FORBIDDEN, NOT_FOUND) or would remove the last OWNER (CONFLICT).
      expect(
        results.filter((r) => code(r) === undefined),
        action,
      ).toHaveLength(1);
      expect(['CONFLICT', 'FORBIDDEN', 'NOT_FOUND'], action).toContain(results.map(code).find(Boolean));
      expect(await db().organizationMembership.count({ where: { organizationId: org, role: 'OWNER' } }), action).toBe(1);
    }
  });

  it('checks the role as it is when the change is made, not as it was when the request began', async () => {
    const { member, admin, org } = await team();
    // A request that began while the member was an OWNER, arriving after they were made MEMBER.
    const stale = { userId: member.id, organizationId: org, role: 'OWNER' as const, plan: 'TEAM' as const };
    await expect(upsertMember({ actor: stale, input: { email: admin.email, role: 'MEMBER' } })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(removeMember({ actor: stale, id: await membershipId(admin.id, org) })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await db().organizationMembership.findUniqueOrThrow({ where: { id: await membershipId(admin.id, org) } })).role).toBe('ADMIN');
  });

  it('enforces maxTeamMembers, and a plan change applies on the next request', async () => {
    const owner = await seedUser({ planLevel: 'PROFESSIONAL' });
    const colleague = await seedUser();
    const refused = await upsert(owner, colleague.email, 'MEMBER');
    expect(code(refused)).toBe('PLAN_LIMIT_EXCEEDED');
    expect(refused.body.errors?.[0].message).toMatch(/PROFESSIONAL plan allows 1 team member/);
    await setPlan(owner.organizationId, 'TEAM');
    expect((await upsert(owner, colleague.email, 'MEMBER')).body.data?.upsertOrganizationMember.role).toBe('MEMBER');
    expect((await gql('{ organization { planLevel maxTeamMembers } }', { token: owner.accessToken })).body.data?.organization).toEqual({ planLevel: 'TEAM', maxTeamMembers: 25 });
  });

  it('a full organization answers an address with an account and one without alike, and 50 additions an hour is the budget', async () => {
    const owner = await seedUser({ planLevel: 'PROFESSIONAL' });
    const registered = await seedUser();
    const answers = [await upsert(owner, registered.email, 'MEMBER'), await upsert(owner, uniqueEmail('nobody'), 'MEMBER')];
    expect(answers.map(code)).toEqual(['PLAN_LIMIT_EXCEEDED', 'PLAN_LIMIT_EXCEEDED']);
    expect(answers[0].body.errors![0].message).toBe(answers[1].body.errors![0].message);
    // Aliased calls each take from the organization's budget shared with invitations (an hour's 50; two spent above).
    const aliased = await gql(`mutation { ${Array.from({ length: 49 }, (_, i) => `a${i}: upsertOrganizationMember(input: { email: "probe-${i}@example.test", role: "MEMBER" }) { id }`).join(' ')} }`, {
      token: owner.accessToken,
    });
    const codes = aliased.body.errors!.map((e: { extensions: { code: string } }) => e.extensions.code);
    expect(codes.filter((c: string) => c === 'PLAN_LIMIT_EXCEEDED')).toHaveLength(48);
    expect(codes.filter((c: string) => c === 'RATE_LIMITED')).toHaveLength(1);
  });

  it('two concurrent additions cannot both take the last seat', async () => {
    const owner = await seedUser({ planLevel: 'TEAM' });
    const filler = await Promise.all(Array.from({ length: 23 }, () => seedUser()));
    await db().organizationMembership.createMany({ data: filler.map((u) => ({ userId: u.id, organizationId: owner.organizationId, role: 'MEMBER' as const })) });
    const [a, b] = await Promise.all([seedUser(), seedUser()]);
    const results = await Promise.all([upsert(owner, a.email, 'MEMBER'), upsert(owner, b.email, 'MEMBER')]);
    expect(results.map(code).sort()).toEqual(['PLAN_LIMIT_EXCEEDED', undefined]);
    expect(await db().organizationMembership.count({ where: { organizationId: owner.organizationId } })).toBe(25);
  });

  it('an unknown email is NOT_FOUND; another organization\u2019s membership is NOT_FOUND, never FORBIDDEN', async () => {
    const { owner } = await team();
    const other = await team();
    expect(code(await upsert(owner, 'nobody-here@example.test', 'MEMBER'))).toBe('NOT_FOUND');
    const theirs = await membershipId(other.member.id, other.org);
    expect(code(await remove(owner, theirs))).toBe('NOT_FOUND');
    expect(await db().organizationMembership.count({ where: { id: theirs } })).toBe(1);
    expect(code(await remove(owner, 'not-a-uuid'))).toBe('BAD_USER_INPUT');
  });

  it('keeps a removed member\u2019s documents with the organization', async () => {
    const { owner, member, org, headers } = await team();
    const doc = await db().document.create({ data: { name: 'Site plan', organizationId: org, createdById: member.id, visibility: 'ORGANIZATION' }, select: { id: true } });
    await remove(owner, await membershipId(member.id, org), headers);
    expect((await gql('query($id: UUID!) { document(id: $id) { id name } }', { token: owner.accessToken, variables: { id: doc.id } })).body.data?.document).toEqual({ id: doc.id, name: 'Site plan' });
    expect((await gql('query($id: UUID!) { document(id: $id) { id } }', { token: member.accessToken, variables: { id: doc.id }, headers })).body.data?.document).toBeNull();
  });
});
