/** Helpers for tests that seal: a professional who may seal, draft documents of their own, and seals made by sealDocument itself. */
import { seedCredential, seedUser } from '../prisma/factories.ts';
import type { SeededUser } from '../prisma/factories.ts';
import { loadActor } from '../lib/orgs/actor.ts';
import type { Actor } from '../lib/orgs/actor.ts';
import { sealDocument } from '../lib/seals/seal-document.ts';
import type { SealDocumentInput } from '../lib/seals/seal-document.ts';
import { createDocumentVia, samplePdf, uploaded } from './documents.ts';

export interface Professional extends SeededUser {
  credentialId: string;
  actor: Actor;
}

/** A TEAM user with a VERIFIED credential in their own name. */
export async function professional(name = 'Jordan Ellis'): Promise<Professional> {
  const user = await seedUser({ planLevel: 'TEAM', displayName: name });
  const credential = await seedCredential({ userId: user.id, organizationId: user.organizationId, displayName: name });
  return { ...user, credentialId: credential.id, actor: (await loadActor({ userId: user.id }))! };
}

/** `count` one-page draft documents of the owner's, uploaded and created over GraphQL, four at a time; their ids in order. */
export async function draftDocuments(owner: SeededUser, count: number, label = 'Sheet'): Promise<string[]> {
  const ids: string[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(4, count) }, async () => {
      while (next < count) {
        const i = next++;
        const name = `${label} ${i + 1}`;
        ids[i] = (await createDocumentVia(owner.accessToken, { name, fileHash: await uploaded(await samplePdf(1, name), `${name}.pdf`, owner.accessToken) })).id;
      }
    }),
  );
  return ids;
}

/** Seal one document with the professional's credential; the seal's id and code. */
export function sealAs(pro: Professional, documentId: string, input: Partial<SealDocumentInput> = {}, options: Omit<Parameters<typeof sealDocument>[0], 'actor' | 'input'> = {}) {
  return sealDocument({
    actor: pro.actor,
    input: { documentId, credentialId: pro.credentialId, ...input },
    ...options,
    query: { select: { id: true, verificationCode: true, documentHash: true, sealedAt: true } },
  });
}
