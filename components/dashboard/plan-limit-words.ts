/** What a plan limit is about: the thing counted, one and many, and what to do once it is reached. */
interface Counted {
  one: string;
  many: string;
  /** Said once the limit is reached: "change the plan on Billing to add another". */
  whenFull: string;
}

/** What the plan allows, said beside a form before it is filled: "The FREE trial holds 1 license; you have none yet." */
export function planLimitNote({ planLevel, max, trialing, count, counted }: { planLevel: string; max: number | null | undefined; trialing: boolean; count: number; counted: Counted }): string | null {
  if (max == null) return null;
  const plan = `The ${planLevel} ${trialing ? 'trial' : 'plan'}`;
  const holds = `${max} ${max === 1 ? counted.one : counted.many}`;
  if (count >= max) return `${plan} holds ${holds}, and ${max === 1 ? 'it is' : 'they are'} in use: ${counted.whenFull}.`;
  return `${plan} holds ${holds}; you have ${count === 0 ? 'none yet' : count}.`;
}

/** The credentials form's note: "The FREE trial holds 1 license; you have none yet." */
export function credentialLimitNote({ planLevel, maxCredentials, trialing, count }: { planLevel: string; maxCredentials: number | null | undefined; trialing: boolean; count: number }): string | null {
  return planLimitNote({ planLevel, max: maxCredentials, trialing, count, counted: { one: 'license', many: 'licenses', whenFull: 'change the plan on Billing to add another' } });
}

/** The uploader's note: "The FREE trial holds 25 documents; you have 3." */
export function documentLimitNote({ planLevel, maxDocuments, trialing, count }: { planLevel: string; maxDocuments: number | null | undefined; trialing: boolean; count: number }): string | null {
  return planLimitNote({ planLevel, max: maxDocuments, trialing, count, counted: { one: 'document', many: 'documents', whenFull: 'delete one, or change the plan on Billing, to upload another' } });
}

/** The invitation form's note: "The FREE plan holds 2 members; you have 1." */
export function memberLimitNote({ planLevel, maxTeamMembers, trialing, count }: { planLevel: string; maxTeamMembers: number | null | undefined; trialing: boolean; count: number }): string | null {
  return planLimitNote({ planLevel, max: maxTeamMembers, trialing, count, counted: { one: 'member', many: 'members', whenFull: 'change the plan on Billing to invite another' } });
}
