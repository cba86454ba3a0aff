import fs from 'node:fs';
import path from 'node:path';
import { buildSchema } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { categoryOf, limitOperation, OPERATION_CATEGORIES, resetRateLimits } from './index.ts';

afterEach(() => resetRateLimits());

/** decisions.md "Limits the documents leave open": the per-user categories, by the operations it names. */
const PDF_QUERIES = ['pdfDetailedPageInfo', 'pdfInfo', 'pdfMetadata', 'pdfPageInfo', 'pdfSignatures', 'pdfText', 'pdfValidate'];
const PDF_MUTATIONS = ['addPdfPage', 'addPdfWatermark', 'createPdf', 'drawOnPdf', 'drawPdfImage', 'extractPages', 'fillPdfForm', 'flattenPdfForm', 'mergePdfs', 'movePdfPage'];
const BILLING = ['createPaymentIntent', 'createSetupIntent', 'createCustomerSession', 'updateSubscription'];
const AI = ['createChatSession', 'sendChatMessage', 'searchDocumentChunks'];

/** Every query and mutation the API answers today (the committed schema). */
function operationsOfSchema(): string[] {
  const schema = buildSchema(fs.readFileSync(path.resolve(import.meta.dirname, '../../schema.graphql'), 'utf8'));
  return [...Object.keys(schema.getQueryType()!.getFields()), ...Object.keys(schema.getMutationType()!.getFields())];
}

describe('the per-user categories', () => {
  it('name exactly the operations decisions.md names, each in its category', () => {
    for (const op of [...PDF_QUERIES, ...PDF_MUTATIONS]) expect(categoryOf(op), op).toBe('pdf');
    for (const op of BILLING) expect(categoryOf(op), op).toBe('billing');
    for (const op of AI) expect(categoryOf(op), op).toBe('ai');
    expect(categoryOf('searchProfessionalsBoard')).toBe('boardSearch');
    expect(Object.keys(OPERATION_CATEGORIES).sort()).toEqual([...PDF_QUERIES, ...PDF_MUTATIONS, ...BILLING, ...AI, 'searchProfessionalsBoard'].sort());
  });

  it('leave sealing and every other operation of the schema unlimited', () => {
    const operations = operationsOfSchema();
    expect(operations).toContain('sealDocument');
    const limited = operations.filter((op) => categoryOf(op) !== null).sort();
    // Of what exists today, billing, the PDF tools (issue 24), the AI operations (issue 26) and the board search are held per user.
    expect(limited).toEqual([...BILLING, ...PDF_QUERIES, ...PDF_MUTATIONS, ...AI, 'searchProfessionalsBoard'].sort());
    for (const op of ['sealDocument', 'uploadFile', 'createDocument', 'uploadDocumentVersion', 'exportCredentialStamp', 'verifySeal', 'login', 'toString', '__proto__', 'constructor']) {
      expect(categoryOf(op), op).toBeNull();
    }
  });

  it('hold each category to 10 a minute per user, apart from the others', async () => {
    for (let i = 0; i < 10; i += 1) await limitOperation(i % 2 ? 'pdfInfo' : 'mergePdfs', 'user-a');
    const refused = await limitOperation('pdfText', 'user-a').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'BILLING_RATE_LIMIT_EXCEEDED' });
    expect((refused as AppError).details?.retryAfterSeconds).toBeGreaterThan(0);
    // Another category, and another user, have their own budgets.
    await expect(limitOperation('sendChatMessage', 'user-a')).resolves.toBeUndefined();
    await expect(limitOperation('pdfInfo', 'user-b')).resolves.toBeUndefined();
  });
});
