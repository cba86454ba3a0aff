import { describe, expect, it } from 'vitest';
import { fileSizeWords, pageList, pageSizeRuns, pageSizeWords, parsePages, pdfToolError } from './pdf-tool-words.ts';

describe('the Tools panel in words', () => {
  it('says a sealed document and the PDF operations limit plainly, and the API message otherwise', () => {
    expect(pdfToolError({ errors: [{ message: 'The document is sealed', extensions: { code: 'DOCUMENT_SEALED' } }] })).toMatch(/^Edits are not possible on a sealed document/);
    expect(pdfToolError({ errors: [{ message: 'Too many', extensions: { code: 'BILLING_RATE_LIMIT_EXCEEDED', retryAfterSeconds: 42 } }] })).toBe(
      'Too many PDF operations: each person may run 10 a minute (details, text and edits all count). Try again in 42 seconds.',
    );
    expect(pdfToolError({ errors: [{ message: 'The form has no field named "x"', extensions: { code: 'BAD_USER_INPUT' } }] })).toBe('The form has no field named "x"');
  });

  it('names page sizes, runs of pages and file sizes', () => {
    expect(pageSizeWords(612, 792)).toBe('Letter, portrait (612 × 792 pt)');
    expect(pageSizeWords(841.89, 595.28)).toBe('A4, landscape (842 × 595 pt)');
    expect(pageSizeWords(500, 300)).toBe('500 × 300 pt, landscape');
    expect(pageList([5, 1, 2, 3, 3])).toBe('1–3, 5');
    expect(
      pageSizeRuns([
        { page: 1, width: 612, height: 792 },
        { page: 2, width: 612, height: 792 },
        { page: 3, width: 792, height: 612 },
      ]),
    ).toEqual(['1–2: Letter, portrait (612 × 792 pt)', '3: Letter, landscape (792 × 612 pt)']);
    expect(fileSizeWords(840)).toBe('840 bytes');
    expect(fileSizeWords(12_345)).toBe('12.3 KB');
  });

  it('reads a list of pages, or says what is wrong with it', () => {
    expect(parsePages('1, 3-5 4', 6)).toEqual([1, 3, 4, 5]);
    expect(parsePages('2–3', 3)).toEqual([2, 3]);
    expect(parsePages('7', 6)).toBe('The document has 6 pages: there is no page 7.');
    expect(parsePages('1, x', 6)).toBe('“x” is not a page number or a range like 2–4.');
    expect(parsePages('4-2', 6)).toBe('“4-2” is not a range of pages.');
    expect(parsePages(' ', 6)).toBe('List the pages, like 1, 3–4.');
  });
});
