/** Credentials over GraphQL: real requests through the route handler, the local board registry behind. */
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../../test/graphql.ts';
import { seedBoardRecord, seedUser } from '../../prisma/factories.ts';
import type { SeededUser } from '../../prisma/factories.ts';
import { db } from '../db/index.ts';

const FIELDS = 'id licenseNumber regionCode licenseType displayName status verificationMethod verifiedAt lastVerifiedAt expirationDate rejectionReason isVerified isExpired canSeal';
const CREATE = `mutation($input: CreateCredentialInput!) { createCredential(input: $input) { ${FIELDS} } }`;

let holder: SeededUser;
let numbers = 8000;
const nextNumber = () => String(++numbers);

async function verified(user: SeededUser, state = 'WY', licenseType = 'engineer') {
  const number = nextNumber();
  const [first, ...rest] = user.displayName.split(' ');
  await seedBoardRecord({ stateCode: state, licenseType, licenseNumber: number, firstName: first, lastName: rest.join(' '), licenseStatus: 'active', expirationDate: '2028-06-30' });
  const res = await gql(CREATE, { token: user.accessToken, variables: { input: { licenseNumber: number, regionCode: state, licenseType } } });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.createCredential;
}

beforeAll(async () => {
  holder = await seedUser({ displayName: 'Casey Morgan', planLevel: 'TEAM' });
});

describe('createCredential and the Credential fields', () => {
  it('verifies against the board and answers the derived fields and the stamp', async () => {
    const credential = await verified(holder);
    expect(credential).toMatchObject({
      regionCode: 'WY',
      licenseType: 'engineer',
      displayName: 'Casey Morgan',
      status: 'VERIFIED',
      verificationMethod: 'BOARD_LOOKUP',
      expirationDate: '2028-06-30',
      isVerified: true,
      isExpired: false,
      canSeal: true,
      rejectionReason: null,
    });
    const stamp = await gql('query($id: UUID!) { credential(id: $id) { stampSvg } }', { token: holder.accessToken, variables: { id: credential.id } });
    expect(stamp.body.data!.credential.stampSvg).toContain('Casey Morgan');
    expect(stamp.body.data!.credential.stampSvg).toContain(`No. ${credential.licenseNumber}`);
    expect(stamp.body.data!.credential.stampSvg).toContain('EXP. 2028-06-30');
    const me = await gql('{ me { credentialCount verificationStatus } }', { token: holder.accessToken });
    expect(me.body.data!.me.verificationStatus).toBe('verified');
    expect(me.body.data!.me.credentialCount).toBeGreaterThanOrEqual(1);
  });

  it('answers bad input with BAD_USER_INPUT, a second holder with CONFLICT, and FREE past one credential with PLAN_LIMIT_EXCEEDED', async () => {
    const bad = await gql(CREATE, { token: holder.accessToken, variables: { input: { licenseNumber: '1', regionCode: 'Texas', licenseType: 'engineer' } } });
    expect(bad.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
    const taken = await verified(holder);
    const other = await seedUser({ displayName: 'Casey Morgan' });
    const conflict = await gql(CREATE, { token: other.accessToken, variables: { input: { licenseNumber: taken.licenseNumber, regionCode: 'WY', licenseType: 'engineer' } } });
    expect(conflict.body.errors![0].extensions).toEqual({ code: 'CONFLICT', status_code: 409 });
    const free = await seedUser({ displayName: 'Free Holder' });
    await gql(CREATE, { token: free.accessToken, variables: { input: { licenseNumber: nextNumber(), regionCode: 'WY', licenseType: 'architect' } } });
    const over = await gql(CREATE, { token: free.accessToken, variables: { input: { licenseNumber: nextNumber(), regionCode: 'WY', licenseType: 'architect' } } });
    expect(over.body.errors![0].extensions).toEqual({ code: 'PLAN_LIMIT_EXCEEDED', status_code: 402 });
  });

  it('exports the stamp in every format at the user\u2019s size', async () => {
    const credential = await verified(holder, 'MT', 'land-surveyor');
    for (const format of ['PDF', 'PNG', 'JPEG', 'TIFF']) {
      const res = await gql('mutation($id: UUID!, $f: StampExportFormat!) { exportCredentialStamp(id: $id, format: $f) { data filename contentType } }', {
        token: holder.accessToken,
        variables: { id: credential.id, f: format },
      });
      expect(res.body.errors, format).toBeUndefined();
      const file = res.body.data!.exportCredentialStamp;
      const bytes = Buffer.from(file.data, 'base64');
      if (format === 'PDF') {
        expect(file).toMatchObject({ filename: 'stamp.pdf', contentType: 'application/pdf' });
        expect((await PDFDocument.load(bytes)).getPage(0).getSize()).toEqual({ width: 108, height: 108 }); // medium: 1.5 in
      } else {
        const meta = await sharp(bytes).metadata();
        expect([meta.format, meta.width, meta.height], format).toEqual([{ PNG: 'png', JPEG: 'jpeg', TIFF: 'tiff' }[format], 450, 450]);
      }
    }
  });
  it('exports at 1 in (small) and 2 in (large) when the user chose those sizes', async () => {
    const credential = await verified(holder, 'SD', 'architect');
    for (const [size, pixels, points] of [
      ['small', 300, 72],
      ['large', 600, 144],
    ] as const) {
      await db().user.update({ where: { id: holder.id }, data: { stampExportSize: size } });
      const png = await gql('mutation($id: UUID!) { exportCredentialStamp(id: $id, format: PNG) { data } }', { token: holder.accessToken, variables: { id: credential.id } });
      const meta = await sharp(Buffer.from(png.body.data!.exportCredentialStamp.data, 'base64')).metadata();
      expect([meta.width, meta.height, meta.density], size).toEqual([pixels, pixels, 300]);
      const pdf = await gql('mutation($id: UUID!) { exportCredentialStamp(id: $id, format: PDF) { data } }', { token: holder.accessToken, variables: { id: credential.id } });
      expect((await PDFDocument.load(Buffer.from(pdf.body.data!.exportCredentialStamp.data, 'base64'))).getPage(0).getSize(), size).toEqual({ width: points, height: points });
    }
    await db().user.update({ where: { id: holder.id }, data: { stampExportSize: 'medium' } });
  });
});

describe('lists', () => {
  it('pages credentialsConnection forward and backward, newest first, with totalCount', async () => {
    const user = await seedUser({ displayName: 'Robin Pager', planLevel: 'TEAM' });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await verified(user, 'ID', 'architect')).id);
    const newestFirst = [...made].reverse();
    const page = (args: string) =>
      gql(`{ credentialsConnection(${args}) { totalCount edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`, { token: user.accessToken });
    const first = (await page('first: 2')).body.data!.credentialsConnection;
    expect(first.totalCount).toBe(5);
    expect(first.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await page(`first: 2, after: "${first.pageInfo.endCursor}"`)).body.data!.credentialsConnection;
    expect(second.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(newestFirst.slice(2, 4));
    const back = (await page(`last: 2, before: "${second.pageInfo.startCursor}"`)).body.data!.credentialsConnection;
    expect(back.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(newestFirst.slice(0, 2));
    const deprecated = await gql('{ credentials { id } }', { token: user.accessToken });
    expect(deprecated.body.data!.credentials.map((c: { id: string }) => c.id)).toEqual(newestFirst);
  });

  it('refuses a page above 100, and first with last, instead of cutting or failing', async () => {
    const tooMany = await gql('{ credentialsConnection(first: 101) { totalCount } }', { token: holder.accessToken });
    expect(tooMany.body.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
    const both = await gql('{ credentialsConnection(first: 1, last: 1) { totalCount } }', { token: holder.accessToken });
    expect(both.body.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    const mixed = await gql('{ credentialsConnection(first: 1, before: "x") { totalCount } }', { token: holder.accessToken });
    expect(mixed.body.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    for (const cursor of ['garbage', Buffer.from('GPC:S:not-a-uuid').toString('base64'), Buffer.from("GPC:S:' OR 1=1").toString('base64')]) {
      const bad = await gql(`{ credentialsConnection(first: 1, after: "${cursor}") { edges { node { id } } } }`, { token: holder.accessToken });
      expect(bad.body.errors![0].extensions, cursor).toEqual({ code: 'BAD_USER_INPUT', status_code: 400 });
    }
  });
});

describe('tenancy and deletion', () => {
  it("reads another organization's credential as null and answers its mutations NOT_FOUND", async () => {
    const credential = await verified(holder, 'NM', 'landscape-architect');
    const stranger = await seedUser({ planLevel: 'TEAM' });
    const read = await gql('query($id: UUID!) { credential(id: $id) { id } }', { token: stranger.accessToken, variables: { id: credential.id } });
    expect(read.body).toEqual({ data: { credential: null } });
    for (const mutation of ['deleteCredential(id: $id) { id }', 'reverifyCredential(id: $id) { id }', 'exportCredentialStamp(id: $id, format: PNG) { filename }']) {
      const res = await gql(`mutation($id: UUID!) { ${mutation} }`, { token: stranger.accessToken, variables: { id: credential.id } });
      expect(res.body.errors![0].extensions, mutation).toEqual({ code: 'NOT_FOUND', status_code: 404 });
    }
    const list = await gql('{ credentialsConnection { totalCount } }', { token: stranger.accessToken });
    expect(list.body.data!.credentialsConnection.totalCount).toBe(0);
    const deleted = await gql('mutation($id: UUID!) { deleteCredential(id: $id) { id } }', { token: holder.accessToken, variables: { id: credential.id } });
    expect(deleted.body.data).toEqual({ deleteCredential: { id: credential.id } });
    const gone = await gql('query($id: UUID!) { credential(id: $id) { id } }', { token: holder.accessToken, variables: { id: credential.id } });
    expect(gone.body.data).toEqual({ credential: null });
  });

  it('needs a token', async () => {
    const res = await gql('{ credentialsConnection { totalCount } }');
    expect(res.body.errors![0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
