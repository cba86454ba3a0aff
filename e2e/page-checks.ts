/** What every dashboard e2e test checks on a page: accessibility (axe), layout at two widths, and the API beside it. */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const SHOTS = path.resolve('test-results/screenshots');

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // After a server action the app router renders the page again, its <head> included: axe once
  // ran in between and found no <title> (CI, /invitations/accept after Accept). Wait for one a
  // moment; a page that has none still fails below.
  await page.waitForFunction(() => document.title !== '', null, { timeout: 5_000 }).catch(() => {});
  await page.addScriptTag({ path: path.resolve('node_modules/axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run(ctx: Document): Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown }> }> }> } }
    ).axe.run(document);
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
  expect(violations, `axe on ${name}`).toEqual([]);
}

/**
 * The page laid out at `width` px as a visitor would see it: the viewport has taken the new
 * width, the fonts are in, and a frame was drawn at that width (no fixed sleep).
 */
export async function viewAt(page: Page, width: number, height = 900): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/** Full-page screenshots at 1440 and 375 px, with no horizontal overflow at either. */
export async function screenshots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1440, 375]) {
    await viewAt(page, width);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} overflows at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A GraphQL call to the app under test; throws with the errors when there are any. */
export async function gqlAt(base: string, query: string, variables?: Record<string, unknown>, token?: string): Promise<any> {
  const res = await fetch(`${base}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** uploadFile over multipart, as API clients send it (graphql-multipart-request-spec): the file's hash. */
export async function uploadFileAt(base: string, bytes: Uint8Array, filename: string, token: string): Promise<string> {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query: 'mutation($file: Upload!) { uploadFile(file: $file) { fileHash } }', variables: { file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new File([bytes as Uint8Array<ArrayBuffer>], filename, { type: 'application/pdf' }));
  const body = await (await fetch(`${base}/v1/graphql`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.uploadFile.fileHash;
}

/** Upload a PDF and make a document of it named `name`: its id. */
export async function makeDocumentAt(base: string, name: string, bytes: Uint8Array, token: string): Promise<string> {
  const fileHash = await uploadFileAt(base, bytes, `${name}.pdf`, token);
  return (await gqlAt(base, 'mutation($i: CreateDocumentInput!) { createDocument(input: $i) { id } }', { i: { name, fileHash } }, token)).createDocument.id;
}

/** Sign in through /login, arriving at `path` (the proxy sends a visitor there first). */
export async function signIn(page: Page, base: string, path: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.waitForURL(/\/login\?callbackUrl=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}${path}`);
}
