/** What the plan allows, said beside a form before it is filled: "The FREE trial holds 1 license; you have none yet." */
export function credentialLimitNote({ planLevel, maxCredentials, trialing, count }: { planLevel: string; maxCredentials: number | null | undefined; trialing: boolean; count: number }): string | null {
  if (maxCredentials == null) return null;
  const plan = `The ${planLevel} ${trialing ? 'trial' : 'plan'}`;
  const holds = `${maxCredentials} ${maxCredentials === 1 ? 'license' : 'licenses'}`;
  if (count >= maxCredentials) return `${plan} holds ${holds}, and ${count === 1 ? 'it is' : 'they are'} in use: change the plan on Billing to add another.`;
  return `${plan} holds ${holds}; you have ${count === 0 ? 'none yet' : count}.`;
}
