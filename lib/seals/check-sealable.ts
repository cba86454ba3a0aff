/**
 * Whether a document can be sealed, and by whom: one check with one set of messages, run
 * before the PDF is rendered and again, on the locked row, inside the seal's transaction.
 */
import { CREDENTIAL_FOR_SEALING } from '../credentials/credential-select.ts';
import { sealRefusal } from '../credentials/credential-stamp.ts';
import { db } from '../db/index.ts';
import type { Prisma } from '../db/index.ts';
import { memberDocumentsWhere } from '../documents/access.ts';
import { AppError } from '../errors.ts';
import { allInOrder } from '../in-order.ts';
import { requireIdentityFor } from '../identity/assurance.ts';
import type { Actor } from '../orgs/actor.ts';

const DOCUMENT_FOR_SEAL = {
  id: true,
  name: true,
  archived: true,
  currentVersion: { select: { id: true, fileHash: true, encrypted: true, pageCount: true, sealId: true } },
} as const satisfies Prisma.DocumentSelect;

type DocumentForSeal = Prisma.DocumentGetPayload<{ select: typeof DOCUMENT_FOR_SEAL }>;
export type SealableDocument = DocumentForSeal & { currentVersion: NonNullable<DocumentForSeal['currentVersion']> };

type Reader = Prisma.TransactionClient | ReturnType<typeof db>;

/**
 * checkSealableDocument: the actor's document whose current version can take a seal: seen by
 * the actor, not sealed, not archived, with an unencrypted file. With `versionId` (inside the
 * seal's transaction, the row locked) that version must still be the current one: CONFLICT when
 * another was uploaded meanwhile. Throws the AppError that says why not.
 */
export async function checkSealableDocument(client: Reader, { actor, documentId, versionId }: { actor: Actor; documentId: string; versionId?: string }): Promise<SealableDocument> {
  const where = { AND: [{ id: documentId }, memberDocumentsWhere(actor)] } satisfies Prisma.DocumentWhereInput;
  const document = await client.document.findFirst({ where, select: DOCUMENT_FOR_SEAL });
  const refusal = sealableRefusal(document, versionId);
  if (refusal) throw refusal;
  return document as SealableDocument;
}

/** Why a document (null: not found, or not the actor's to see) cannot take a seal now; null when it can. */
function sealableRefusal(document: DocumentForSeal | null, versionId?: string): AppError | null {
  if (!document) return new AppError('NOT_FOUND', 'Document not found');
  const version = document.currentVersion;
  if (version?.sealId) return new AppError('DOCUMENT_SEALED', 'The document is already sealed: a sealed version never changes');
  if (document.archived) return new AppError('BAD_USER_INPUT', 'The document is archived: unarchive it (updateDocument archived: false) before sealing');
  if (versionId !== undefined && version?.id !== versionId) return new AppError('CONFLICT', 'A new version of the document was uploaded while sealing: seal again');
  if (!version) return new AppError('BAD_USER_INPUT', 'The document has no file to seal: upload a version first');
  if (version.encrypted) return new AppError('BAD_USER_INPUT', 'The PDF is encrypted: upload a copy without a password to seal it');
  return null;
}

/**
 * checkSealableDocuments: checkSealableDocument for many documents in one read (batch sealing),
 * in the order given: the first that cannot take a seal throws its refusal, with the same code
 * and words, prefixed by its id and carrying it as `documentId`.
 */
export async function checkSealableDocuments(client: Reader, { actor, documentIds }: { actor: Actor; documentIds: string[] }): Promise<SealableDocument[]> {
  const where = { AND: [{ id: { in: documentIds } }, memberDocumentsWhere(actor)] } satisfies Prisma.DocumentWhereInput;
  const found = new Map((await client.document.findMany({ where, select: DOCUMENT_FOR_SEAL })).map((d) => [d.id, d]));
  return documentIds.map((id) => {
    const document = found.get(id) ?? null;
    const refusal = sealableRefusal(document);
    if (refusal) throw new AppError(refusal.code, `Document ${id}: ${refusal.message}`, { documentId: id });
    return document as SealableDocument;
  });
}

/**
 * checkSealingCredential: one of the actor's own credentials that may seal now: its holder is
 * the actor (state rules: the seal is under the licensee's sole control), it is verified, in
 * good standing, on a plan that seals, and its holder's identity is as sure as the deployment
 * and the organization require (requireIdentityFor).
 */
export async function checkSealingCredential({ actor, credentialId, now = new Date() }: { actor: Actor; credentialId: string; now?: Date }) {
  const credential = await db().credential.findFirst({
    where: { id: credentialId, organizationId: actor.organizationId },
    select: CREDENTIAL_FOR_SEALING,
  });
  if (!credential) throw new AppError('NOT_FOUND', 'Credential not found');
  if (credential.userId !== actor.userId) throw new AppError('FORBIDDEN', 'Only the holder of a credential seals with it');
  const refusal = sealRefusal(credential, credential.organization, now);
  if (refusal) throw new AppError('CREDENTIAL_CANNOT_SEAL', refusal);
  requireIdentityFor('seal', credential.user.identityAssurance, credential.organization);
  return credential;
}

export type SealingCredential = Awaited<ReturnType<typeof checkSealingCredential>>;

/**
 * checkSealable: whether the actor can seal this document with this credential now, refused in
 * the order a client learns it (the document first, then the credential); both are read at
 * once. What sealDocument asks first.
 */
export async function checkSealable({
  actor,
  documentId,
  credentialId,
  now = new Date(),
}: {
  actor: Actor;
  documentId: string;
  credentialId: string;
  now?: Date;
}): Promise<{ document: SealableDocument; credential: SealingCredential }> {
  const [document, credential] = await allInOrder([checkSealableDocument(db(), { actor, documentId }), checkSealingCredential({ actor, credentialId, now })]);
  return { document, credential };
}
