import { describe, expect, it } from 'vitest';
import { CHUNK_OVERLAP, CHUNK_TARGET, chunkPages, pageHasText, vocabulary } from './chunk.ts';

const sentence = (n: number) => `Sentence number ${n} states a design value of ${n * 10} kPa for the member.`;

describe('chunkPages', () => {
  it('cuts a long page at sentence boundaries near 800 characters, repeating the previous end', () => {
    const page = Array.from({ length: 40 }, (_, i) => sentence(i + 1)).join(' ');
    const chunks = chunkPages([page]);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) {
      expect(c.pageNumber).toBe(1);
      expect(c.content.length).toBeLessThanOrEqual(CHUNK_TARGET + CHUNK_OVERLAP);
      expect(c.content).toMatch(/^Sentence number \d+ .*\.$/);
    }
    expect(chunks.map((c) => c.chunkIndex)).toEqual(chunks.map((_, i) => i));
    // Each chunk after the first starts with whole sentences that end the one before it (the overlap).
    for (let i = 1; i < chunks.length; i++) {
      const opening = `${chunks[i].content.split('. ')[0]}.`;
      expect(chunks[i - 1].content).toContain(opening);
      expect(chunks[i - 1].content.length - chunks[i - 1].content.indexOf(opening)).toBeLessThanOrEqual(CHUNK_OVERLAP);
    }
    // Nothing is lost.
    for (let n = 1; n <= 40; n++) expect(chunks.some((c) => c.content.includes(sentence(n)))).toBe(true);
  });

  it('keeps page numbers, prefers paragraph ends, skips pages without text and cuts run-on text at words', () => {
    const paragraph = Array.from({ length: 6 }, (_, i) => sentence(i + 1)).join(' ');
    const runOn = Array.from({ length: 300 }, (_, i) => `cell${i}`).join(' ');
    const chunks = chunkPages([`${paragraph}\n\n${paragraph}`, '   \n ', runOn]);
    expect(new Set(chunks.map((c) => c.pageNumber))).toEqual(new Set([1, 3]));
    expect(chunks.filter((c) => c.pageNumber === 3).every((c) => c.content.length <= CHUNK_TARGET && !/cell\d*$/.test(''))).toBe(true);
    expect(
      chunks
        .filter((c) => c.pageNumber === 3)
        .map((c) => c.content)
        .join(' '),
    ).toContain('cell299');
  });

  it('rejoins words hyphenated at a line end', () => {
    expect(chunkPages(['The reinforce-\nment is epoxy coated.'])[0].content).toBe('The reinforcement is epoxy coated.');
  });
});

describe('pageHasText and vocabulary', () => {
  it('treats a page of a few marks as a scan', () => {
    expect(pageHasText('')).toBe(false);
    expect(pageHasText(' - . \n')).toBe(false);
    expect(pageHasText('S-1')).toBe(false);
    expect(pageHasText('Sheet S-101')).toBe(true);
  });
  it('lists distinct lower-case words of 3+ letters', () => {
    expect(vocabulary(['The Deck deck, at 4.8 kPa', 'Décor'])).toEqual(['the', 'deck', 'kpa', 'décor']);
  });
});
