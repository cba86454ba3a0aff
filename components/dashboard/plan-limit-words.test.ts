import { describe, expect, it } from 'vitest';
import { credentialLimitNote, documentLimitNote, memberLimitNote } from './plan-limit-words.ts';

describe('credentialLimitNote', () => {
  it('says what the trial holds before anything is added', () => {
    expect(credentialLimitNote({ planLevel: 'FREE', maxCredentials: 1, trialing: true, count: 0 })).toBe('The FREE trial holds 1 license; you have none yet.');
  });
  it('says the limit is reached, and where to change it', () => {
    expect(credentialLimitNote({ planLevel: 'FREE', maxCredentials: 1, trialing: false, count: 1 })).toBe(
      'The FREE plan holds 1 license, and it is in use: change the plan on Billing to add another.',
    );
    expect(credentialLimitNote({ planLevel: 'PRO', maxCredentials: 5, trialing: false, count: 2 })).toBe('The PRO plan holds 5 licenses; you have 2.');
  });
  it('says nothing for a plan without a limit', () => {
    expect(credentialLimitNote({ planLevel: 'ENTERPRISE', maxCredentials: null, trialing: false, count: 9 })).toBeNull();
  });
});

describe('documentLimitNote and memberLimitNote', () => {
  it('count documents and members the same way', () => {
    expect(documentLimitNote({ planLevel: 'FREE', maxDocuments: 25, trialing: true, count: 3 })).toBe('The FREE trial holds 25 documents; you have 3.');
    expect(documentLimitNote({ planLevel: 'FREE', maxDocuments: 25, trialing: false, count: 25 })).toBe(
      'The FREE plan holds 25 documents, and they are in use: delete one, or change the plan on Billing, to upload another.',
    );
    expect(memberLimitNote({ planLevel: 'PRO', maxTeamMembers: 5, trialing: false, count: 1 })).toBe('The PRO plan holds 5 members; you have 1.');
    expect(memberLimitNote({ planLevel: 'ENTERPRISE', maxTeamMembers: null, trialing: false, count: 40 })).toBeNull();
  });
});
