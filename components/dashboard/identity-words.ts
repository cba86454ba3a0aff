/** Identity assurance in words: `short` for a badge anywhere, `sentence` to the user themself (/settings). */
import type { IdentityAssurance } from '../gql/graphql.ts';

export type { IdentityAssurance };

export const ASSURANCE_WORDS: Record<IdentityAssurance, { short: string; tone: 'ok' | 'warn'; sentence: string }> = {
  SELF_ASSERTED: { short: 'Not verified', tone: 'warn', sentence: 'Your name is the one you gave at sign-up; nobody has checked it.' },
  DOCUMENT_VERIFIED: { short: 'Verified from a government ID', tone: 'ok', sentence: 'Sealwright checked your legal name against a government ID.' },
  ORGANIZATION_ATTESTED: {
    short: 'Attested by the organization',
    tone: 'ok',
    sentence: 'An owner or admin of your organization, whose own identity is verified from a government ID, attested your legal name.',
  },
};

/** A date as the dashboard shows dates (Nov 25, 2026). */
export const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
