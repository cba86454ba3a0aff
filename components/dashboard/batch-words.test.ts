import { describe, expect, it } from 'vitest';
import { documentsCount, failedDocumentIds, isActive, nameDocuments } from './batch-words.ts';

describe('nameDocuments', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const names = new Map([[id, 'Site plan']]);

  it('puts the name of a known document where the API gave its id, whatever its case', () => {
    expect(nameDocuments(`Document ${id}: The document is already sealed: a sealed version never changes`, names)).toBe('“Site plan”: The document is already sealed: a sealed version never changes');
    expect(nameDocuments(`Document ${id.toUpperCase()} is listed twice`, names)).toBe('“Site plan” is listed twice');
  });

  it('leaves an unknown id, and a message without one, as they are', () => {
    const other = `Document 11111111-2222-4333-8444-555555555555: Document not found`;
    expect(nameDocuments(other, names)).toBe(other);
    expect(nameDocuments('Credential not found', names)).toBe('Credential not found');
  });
});

describe('failedDocumentIds', () => {
  it('keeps the documents of failed items that can still be seen, in order', () => {
    const items = [
      { status: 'FAILED' as const, document: { id: 'a' } },
      { status: 'COMPLETED' as const, document: { id: 'b' } },
      { status: 'FAILED' as const, document: null },
      { status: 'CANCELLED' as const, document: { id: 'c' } },
      { status: 'FAILED' as const, document: { id: 'd' } },
    ];
    expect(failedDocumentIds(items)).toEqual(['a', 'd']);
  });
});

it('isActive and documentsCount', () => {
  expect(['PENDING', 'PROCESSING', 'COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED', 'CANCELLED'].filter((s) => isActive(s as never))).toEqual(['PENDING', 'PROCESSING']);
  expect(documentsCount(1)).toBe('1 document');
  expect(documentsCount(12)).toBe('12 documents');
});
