import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { Actor } from '../orgs/actor.ts';
import { credentialSelect } from './credential-select.ts';
import type { CredentialRow } from './credential-select.ts';

/** A credential as a caller selects it (Pothos's query); credentialSelect without one. */
export type CredentialQuery = Prisma.CredentialDefaultArgs;
const CREDENTIAL_ROW = { select: credentialSelect };
/** The default selection: a CredentialRow. */
export type CredentialRowQuery = typeof CREDENTIAL_ROW;
type Selected<Q extends CredentialQuery> = Prisma.CredentialGetPayload<Q>;

/** One of the organization's credentials, or null (unknown, or another organization's: no oracle). */
export async function getCredential<Q extends CredentialQuery = CredentialRowQuery>({ actor, id, query }: { actor: Actor; id: string; query?: Q }): Promise<Selected<Q> | null> {
  if (!query) return selectCredential(actor, id, CREDENTIAL_ROW as Q);
  // Prisma runs a relation's SELECT (… IN (NULL)) even for a row it did not find: look first,
  // so an id the actor may not see costs one statement, as before.
  const found = await db().credential.findFirst({ where: { id, organizationId: actor.organizationId }, select: { id: true } });
  return found && selectCredential(actor, found.id, query);
}

/** A credential a use case just wrote, as its caller selects it (read through the organization's `where`); the row itself without a query. */
export async function credentialAnswer<Q extends CredentialQuery = CredentialRowQuery>(actor: Actor, row: CredentialRow, query?: Q): Promise<Selected<Q>> {
  if (!query) return row as Selected<Q>;
  const found = await selectCredential(actor, row.id, query);
  if (!found) throw new AppError('NOT_FOUND', 'Credential not found');
  return found;
}

async function selectCredential<Q extends CredentialQuery>(actor: Actor, id: string, query: Q): Promise<Selected<Q> | null> {
  return (await db().credential.findFirst({ ...query, where: { id, organizationId: actor.organizationId } })) as Selected<Q> | null;
}
