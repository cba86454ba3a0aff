/**
 * The getting-started checklist (issue 23, item 4) over real GraphQL requests: each step read
 * from the user's own data in the current organization, "shared" from a counted verification,
 * dismissal through updateProfile, and nobody reading another user's checklist.
 */
import { describe, expect, it } from 'vitest';
import { seedUser } from '../../prisma/factories.ts';
import { gql } from '../../test/graphql.ts';
import { draftDocuments, professional, sealAs } from '../../test/sealing.ts';
import { upsertMember } from './members.ts';
import { verifySeal } from '../seals/verify-seal.ts';
import { db } from '../db/index.ts';

const ME = '{ me { id onboarding { licenseAdded drawingUploaded documentSealed verifyLinkShared complete dismissedAt draftDocumentId shareUrl } } }';
const DISMISS = 'mutation($d: Boolean) { updateProfile(input: { onboardingDismissed: $d }) { id onboarding { dismissedAt } } }';

describe('User.onboarding', () => {
  it('ticks each step off from what the user did, in their organization only', async () => {
    const pro = await professional('Quinn Abara');
    const progress = async (token = pro.accessToken, headers?: Record<string, string>) => (await gql(ME, { token, headers })).body.data!.me.onboarding;
    expect(await progress()).toMatchObject({ licenseAdded: true, drawingUploaded: false, documentSealed: false, verifyLinkShared: false, complete: false, draftDocumentId: null, shareUrl: null });

    const [documentId] = await draftDocuments(pro, 1, 'A-101');
    expect(await progress()).toMatchObject({ drawingUploaded: true, documentSealed: false, draftDocumentId: documentId });

    const seal = await sealAs(pro, documentId);
    const sealed = await progress();
    expect(sealed).toMatchObject({ documentSealed: true, verifyLinkShared: false, complete: false, draftDocumentId: null });
    expect(sealed.shareUrl).toMatch(new RegExp(`/verify/${seal.verificationCode}$`));

    // A verification is counted in memory first: the checklist sees it at once all the same.
    await verifySeal({ code: seal.verificationCode });
    expect(await progress()).toMatchObject({ verifyLinkShared: true, complete: true, dismissedAt: null });

    // A colleague in the same organization: the owner's license, drawing and seal are not theirs.
    const colleague = await seedUser({ displayName: 'Rae Colleague' });
    await upsertMember({ actor: pro.actor, input: { email: colleague.email, role: 'MEMBER' } });
    const headers = { 'x-organization-id': pro.organizationId };
    expect(await progress(colleague.accessToken, headers)).toMatchObject({ licenseAdded: false, drawingUploaded: false, documentSealed: false, verifyLinkShared: false });
    // And neither reads the other's checklist through the member list.
    const members = await gql('{ organizationMembersConnection(first: 10) { edges { node { user { id onboarding { complete } } } } } }', { token: colleague.accessToken, headers });
    const users = members.body.data!.organizationMembersConnection.edges.map((e: { node: { user: { id: string; onboarding: unknown } } }) => e.node.user);
    expect(users.find((u: { id: string }) => u.id === pro.id).onboarding).toBeNull();
    expect(users.find((u: { id: string }) => u.id === colleague.id).onboarding).toEqual({ complete: false });
  });

  it('is dismissed and shown again through updateProfile; a wrong value changes nothing', async () => {
    const user = await seedUser();
    const dismissed = await gql(DISMISS, { token: user.accessToken, variables: { d: true } });
    expect(Date.parse(dismissed.body.data!.updateProfile.onboarding.dismissedAt)).toBeGreaterThan(Date.now() - 60_000);
    const wrong = await gql('mutation { updateProfile(input: { onboardingDismissed: "no" }) { id } }', { token: user.accessToken });
    expect(wrong.status).toBe(400);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id }, select: { onboardingDismissedAt: true } })).onboardingDismissedAt).not.toBeNull();
    const shown = await gql(DISMISS, { token: user.accessToken, variables: { d: false } });
    expect(shown.body.data!.updateProfile.onboarding.dismissedAt).toBeNull();
  });
});
