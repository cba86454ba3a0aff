/** Identity assurance in words, shared by /settings, /organization and /admin/identity. */
export type IdentityAssurance = 'SELF_ASSERTED' | 'DOCUMENT_VERIFIED' | 'ORGANIZATION_ATTESTED';

export const ASSURANCE_WORDS: Record<IdentityAssurance, { short: string; tone: 'ok' | 'warn'; sentence: string }> = {
  SELF_ASSERTED: { short: 'Not verified', tone: 'warn', sentence: 'Not verified: the name is the one given at sign-up.' },
  DOCUMENT_VERIFIED: { short: 'Verified from a government ID', tone: 'ok', sentence: 'Verified from a government ID.' },
  ORGANIZATION_ATTESTED: { short: 'Attested by the organization', tone: 'ok', sentence: 'Attested by an administrator of the organization, whose own identity is verified from a government ID.' },
};

/** A date as the dashboard shows dates (Nov 25, 2026). */
export const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
