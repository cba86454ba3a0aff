/**
 * Screenshots of every page, public and signed in, in the light and the dark theme at 1280 and
 * 375 px, from a running server, to look at (issue 23: "Screenshots of every page in both
 * themes at 1280 and 375 px, looked at").
 *
 *   npx tsx scripts/screenshots.ts [directory] [--url http://127.0.0.1:3000]
 *
 * The directory defaults to /tmp/screens. It signs in as the demo account (DEMO_EMAIL and
 * DEMO_PASSWORD override it) and, when the account has none yet, gives it what the pages need
 * to show something: the demo license (TX engineer 123456, on the seeded board), a certificate
 * of the service's CA, a PKI seal, and a PKI batch of two drawings (uploaded when there are too
 * few). Per shot it prints the file, and
 * any horizontal overflow, console error or uncaught page error it saw; it exits 1 if there was
 * one. Chromium is Debian's (/usr/bin/chromium, or CHROMIUM_PATH), driven by playwright-core.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';

// prisma/seed.ts's DEMO_USER and DEMO_LICENSE, spelled out: importing it would open the database.
const DEMO_USER = { email: 'demo@sealwright.test', password: 'sealwright-demo' };
const DEMO_LICENSE = { regionCode: 'TX', licenseType: 'engineer', licenseNumber: '123456' };

const args = process.argv.slice(2);
const urlAt = args.indexOf('--url');
const base = (urlAt >= 0 ? args[urlAt + 1] : (process.env.APP_URL ?? 'http://127.0.0.1:3000')).replace(/\/$/, '');
const outDir = path.resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--url') ?? '/tmp/screens');
const email = process.env.DEMO_EMAIL ?? DEMO_USER.email;
const password = process.env.DEMO_PASSWORD ?? DEMO_USER.password;
const WIDTHS = [1280, 375] as const;
const THEMES = ['light', 'dark'] as const;

/** A GraphQL call as the demo account; throws with the errors. */
async function gql<T = any>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const res = await fetch(`${base}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (body.errors) throw new Error(`${query.slice(0, 60)}…: ${JSON.stringify(body.errors)}`);
  return body.data!;
}

interface Ids {
  documentId: string;
  sealedDocumentId: string | null;
  sealCode: string | null;
  batchId: string | null;
}

/** A one-sheet drawing uploaded and made a document; its id. */
async function uploadDrawing(token: string, name: string): Promise<string> {
  const pdf = await PDFDocument.create();
  pdf.addPage([1224, 792]).drawText(name, { x: 72, y: 720, size: 24 });
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: 'mutation($file: Upload!) { uploadFile(file: $file) { fileHash } }', variables: { file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new File([(await pdf.save()) as Uint8Array<ArrayBuffer>], `${name}.pdf`, { type: 'application/pdf' }));
  const res = await fetch(`${base}/v1/graphql`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const uploaded = (await res.json()) as { data?: { uploadFile: { fileHash: string } }; errors?: unknown };
  if (!uploaded.data) throw new Error(`uploadFile: ${JSON.stringify(uploaded.errors)}`);
  return (await gql('mutation($i: CreateDocumentInput!) { createDocument(input: $i) { id } }', { i: { name, fileHash: uploaded.data.uploadFile.fileHash } }, token)).createDocument.id;
}

/** What the pages with an id need, made for the demo account when it has none yet. */
async function prepare(token: string): Promise<Ids> {
  let credentialId: string | undefined = (await gql('{ credentialsConnection(first: 1) { edges { node { id canSeal } } } }', {}, token)).credentialsConnection.edges[0]?.node.id;
  if (!credentialId) {
    credentialId = (await gql('mutation($i: CreateCredentialInput!) { createCredential(input: $i) { id } }', { i: DEMO_LICENSE }, token)).createCredential.id;
    console.log('prepared: the demo license');
  }
  let certificateId: string | undefined = (await gql('{ signingCertificates { id issuedByServiceCa } }', {}, token)).signingCertificates.find(
    (c: { issuedByServiceCa: boolean }) => c.issuedByServiceCa,
  )?.id;
  if (!certificateId) {
    certificateId = (await gql('mutation($i: RequestSigningCertificateInput!) { requestSigningCertificate(input: $i) { id } }', { i: { credentialId, name: 'Office laptop' } }, token))
      .requestSigningCertificate.id;
    console.log('prepared: a certificate of the service CA');
  }
  const documents = (await gql('{ documentsConnection(first: 50) { edges { node { id status } } } }', {}, token)).documentsConnection.edges.map(
    (e: { node: { id: string; status: string } }) => e.node,
  );
  if (documents.length === 0) throw new Error('The demo account has no documents: screenshots need a seeded server (npm start on a fresh data directory).');
  let sealed = documents.find((d: { status: string }) => d.status === 'SEALED');
  let sealCode: string | null = null;
  if (!sealed) {
    sealed = documents.find((d: { status: string }) => d.status === 'DRAFT');
    sealCode = (
      await gql('mutation($i: SealDocumentInput!) { sealDocument(input: $i) { verificationCode } }', { i: { documentId: sealed.id, credentialId, signingCertificateId: certificateId } }, token)
    ).sealDocument.verificationCode;
    console.log('prepared: a PKI seal');
  }
  if (!sealCode) sealCode = (await gql('{ sealsConnection(first: 1) { edges { node { verificationCode } } } }', {}, token)).sealsConnection.edges[0]?.node.verificationCode ?? null;
  let batchId: string | null = (await gql('{ batchSealJobsConnection(first: 1) { edges { node { id } } } }', {}, token)).batchSealJobsConnection.edges[0]?.node.id ?? null;
  const drafts = documents.filter((d: { id: string; status: string }) => d.status === 'DRAFT' && d.id !== sealed.id);
  while (!batchId && drafts.length < 3) drafts.push({ id: await uploadDrawing(token, `E-10${drafts.length + 1} Lighting plan`), status: 'DRAFT' });
  if (!batchId) {
    batchId = (
      await gql(
        'mutation($i: CreateBatchSealInput!) { createBatchSealJob(input: $i) { id } }',
        { i: { credentialId, signingCertificateId: certificateId, documentIds: drafts.slice(0, 2).map((d: { id: string }) => d.id) } },
        token,
      )
    ).createBatchSealJob.id;
    console.log('prepared: a batch of two drawings');
  }
  // A draft the batch does not take, for the page of a document not sealed yet.
  const draft = (drafts.length > 2 ? drafts[2] : drafts[0]) ?? documents[0];
  return { documentId: draft.id, sealedDocumentId: sealed.id, sealCode, batchId };
}

const problems: string[] = [];

/** The page at each width: a full-page shot, and a problem noted for horizontal overflow. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForFunction((w) => window.innerWidth === w, width);
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) problems.push(`${name} at ${width} px: ${overflow} px wider than the window`);
    const file = path.join(outDir, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
}

/**
 * Open a route and wait until it has settled: its heading, and no request in flight. A page whose
 * requests met the server's per-address limit (429; GRAPHQL_RATE_LIMIT raises it) is opened
 * again after the Retry-After the server gave, so no shot shows a refusal.
 */
async function open(page: Page, route: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    let retryAfter = 0;
    const onResponse = (r: Response) => {
      if (r.status() === 429) retryAfter = Math.max(retryAfter, Number(r.headers()['retry-after'] ?? 5) || 5);
    };
    page.on('response', onResponse);
    await page.goto(`${base}${route}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    if (!retryAfter) return;
    if (attempt === 3) {
      problems.push(`${route}: still refused with 429 after three tries`);
      return;
    }
    console.log(`${route}: rate-limited; opening it again in ${retryAfter} s`);
    await new Promise((r) => setTimeout(r, retryAfter * 1000));
  }
}

function watch(page: Page, theme: string): void {
  page.on('console', (m) => m.type() === 'error' && problems.push(`${theme} ${page.url()}: console error: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`${theme} ${page.url()}: page error: ${e.message}`));
}

async function signIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const token = (await gql('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email, password } })).login.accessToken;
  const ids = await prepare(token);
  const dashboard = [
    ['documents', '/documents'],
    ['document', `/documents/${ids.documentId}`],
    ...(ids.sealedDocumentId ? [['document-sealed', `/documents/${ids.sealedDocumentId}`]] : []),
    ['credentials', '/credentials'],
    ['seals', '/seals'],
    ['batches', '/batches'],
    ...(ids.batchId ? [['batch', `/batches/${ids.batchId}`]] : []),
    ['billing', '/billing'],
    ['organization', '/organization'],
    ['settings', '/settings'],
    ['document-missing', '/documents/00000000-0000-4000-8000-000000000000'],
  ];
  const publicPages = [
    ['home', '/'],
    ['login', '/login'],
    ['register', '/register'],
    ['reset-password', '/reset-password'],
    ['confirm-email', '/confirm-email'],
    ['invitation', '/invitations/accept'],
    ['stamps', '/stamps'],
    ['api', '/api'],
    ['verify', '/verify'],
    ...(ids.sealCode ? [['verify-seal', `/verify/${ids.sealCode}`]] : []),
    ['verify-unknown', '/verify/zzzzzzzzzzzz'],
    ['not-found', '/no-such-page'],
  ];
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    // Signed in first: the public verify page counts a verification of the demo's seal, which
    // would tick off the last step of the getting-started checklist before it was pictured.
    for (const theme of THEMES) {
      const member = await browser.newContext({ colorScheme: theme, viewport: { width: 1280, height: 900 } });
      const signedIn = await signIn(member);
      watch(signedIn, theme);
      for (const [name, route] of dashboard) {
        await open(signedIn, route);
        await shoot(signedIn, `${theme}-${name}`);
      }
      // The home page knows a signed-in visitor; and the narrow menu, open.
      await open(signedIn, '/');
      await shoot(signedIn, `${theme}-home-signed-in`);
      await open(signedIn, '/documents');
      await signedIn.setViewportSize({ width: 375, height: 900 });
      await signedIn.getByRole('button', { name: /^Menu/ }).click();
      await signedIn.locator('button[aria-expanded="true"]').waitFor();
      const file = path.join(outDir, `${theme}-menu-open-375.png`);
      await signedIn.screenshot({ path: file, fullPage: true });
      console.log(file);
      await member.close();
    }
    for (const theme of THEMES) {
      const visitor = await browser.newContext({ colorScheme: theme, viewport: { width: 1280, height: 900 } });
      const page = await visitor.newPage();
      watch(page, theme);
      for (const [name, route] of publicPages) {
        await open(page, route);
        await shoot(page, `${theme}-${name}`);
      }
      await visitor.close();
    }
  } finally {
    await browser.close();
  }
  // A missing document and an unknown code are answered in words, so the browser's log of their
  // 404 is expected; a 429 was waited out and the page opened again (open() notes one that stayed).
  const real = problems.filter((p) => !/status of (404|429)/.test(p));
  console.log(real.length ? `\n${real.length} problem(s):\n${real.join('\n')}` : '\nNo overflow, console error or page error.');
  process.exitCode = real.length ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
