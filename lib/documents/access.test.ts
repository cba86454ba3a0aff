/** Who sees which document, and how much of it (lib/documents/access.ts): the rules as pure functions. */
import { describe, expect, it } from 'vitest';
import type { Actor } from '../orgs/actor.ts';
import { documentStatus, mayManage, memberDocumentsWhere, readableDocumentWhere, shapeForReader } from './access.ts';

const ORG = 'org-1';
const actor = (role: Actor['role'], userId = 'u-member', organizationId = ORG): Actor => ({ userId, organizationId, role, plan: 'TEAM' });
const outsider = actor('OWNER', 'u-outsider', 'org-2');

describe('the where of every list', () => {
  it('gives an OWNER or ADMIN every live document of the organization, a MEMBER the shared ones and their own', () => {
    for (const role of ['OWNER', 'ADMIN'] as const) expect(memberDocumentsWhere(actor(role))).toEqual({ organizationId: ORG, deletedAt: null });
    expect(memberDocumentsWhere(actor('MEMBER'))).toEqual({ organizationId: ORG, deletedAt: null, OR: [{ visibility: { in: ['ORGANIZATION', 'PUBLIC'] } }, { createdById: 'u-member' }] });
  });

  it('lets anyone, signed in or not, read a live PUBLIC document', () => {
    expect(readableDocumentWhere(null)).toEqual({ deletedAt: null, visibility: 'PUBLIC' });
    expect(readableDocumentWhere(actor('MEMBER'))).toEqual({ OR: [memberDocumentsWhere(actor('MEMBER')), { deletedAt: null, visibility: 'PUBLIC' }] });
  });

  it('lets the creator, an OWNER or an ADMIN manage a document, not another MEMBER', () => {
    expect(mayManage(actor('MEMBER'), { createdById: 'u-member' })).toBe(true);
    expect(mayManage(actor('MEMBER'), { createdById: 'u-colleague' })).toBe(false);
    expect(mayManage(actor('ADMIN'), { createdById: 'u-colleague' })).toBe(true);
    expect(mayManage(actor('OWNER'), { createdById: null })).toBe(true);
  });

  it('derives the status: archived wins, then sealed by the current version', () => {
    expect(documentStatus({ archived: true, currentVersion: { sealId: 's' } })).toBe('ARCHIVED');
    expect(documentStatus({ archived: false, currentVersion: { sealId: 's' } })).toBe('SEALED');
    expect(documentStatus({ archived: false, currentVersion: { sealId: null } })).toBe('DRAFT');
    expect(documentStatus({ archived: false, currentVersion: null })).toBe('DRAFT');
  });
});

describe('a row shaped for its reader', () => {
  const doc = { id: 'd', organizationId: ORG, currentVersionId: 'v2', folderId: 'f', folder: { id: 'f' }, versions: [{ id: 'v1' }, { id: 'v2' }], _count: { versions: 2 } };

  it('is whole for a member of its organization', () => {
    expect(shapeForReader('Document', doc, actor('MEMBER'))).toBe(doc);
  });

  it("is a PUBLIC document's public face for anyone else: no publisher, folder or history", () => {
    for (const reader of [null, outsider]) {
      expect(shapeForReader('Document', doc, reader)).toEqual({ ...doc, organizationId: null, folderId: null, folder: null, versions: [{ id: 'v2' }], _count: { versions: 1 } });
    }
  });

  it('shows an outsider the current version without notes or author, and no other version', () => {
    const version = (id: string) => ({ id, notes: 'internal', createdBy: { id: 'u' }, document: { organizationId: ORG, currentVersionId: 'v2' } });
    expect(shapeForReader('DocumentVersion', version('v2'), outsider)).toEqual({ ...version('v2'), notes: null, createdBy: null });
    expect(shapeForReader('DocumentVersion', version('v1'), outsider)).toBeNull();
    expect(shapeForReader('DocumentVersion', version('v1'), actor('MEMBER'))).toEqual(version('v1'));
  });

  it("hides a seal's credential and certificate from outsiders, and its document from whoever may not read it", () => {
    const seal = (visibility: string, createdById = 'u-colleague', deletedAt: Date | null = null) => ({
      organizationId: ORG,
      credential: { id: 'c' },
      signingCertificate: { id: 'k' },
      document: { organizationId: ORG, visibility, createdById, deletedAt },
    });
    expect(shapeForReader('Seal', seal('PUBLIC'), null)).toEqual({ ...seal('PUBLIC'), credential: null, signingCertificate: null });
    expect(shapeForReader('Seal', seal('ORGANIZATION'), outsider).document).toBeNull();
    expect(shapeForReader('Seal', seal('ORGANIZATION'), actor('MEMBER'))).toEqual(seal('ORGANIZATION'));
    // A colleague's PRIVATE document: its creator, an OWNER or ADMIN read it; another MEMBER does not.
    expect(shapeForReader('Seal', seal('PRIVATE'), actor('MEMBER')).document).toBeNull();
    expect(shapeForReader('Seal', seal('PRIVATE', 'u-member'), actor('MEMBER')).document).not.toBeNull();
    expect(shapeForReader('Seal', seal('PRIVATE'), actor('ADMIN')).document).not.toBeNull();
    expect(shapeForReader('Seal', seal('PUBLIC', 'u-colleague', new Date()), actor('OWNER')).document).toBeNull();
  });
});
