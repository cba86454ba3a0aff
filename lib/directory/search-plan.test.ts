import { describe, expect, it } from 'vitest';
import { grams, isCountedWhole, planSearch, possibleStrategies, runsByProfession } from './search-plan.ts';
import type { SearchFacts } from './search-plan.ts';

// A directory shaped like the benchmark's: 1,000,000 professionals, 625,000 of them in the
// searched profession and its branches (five professions), names from short lists.
const ENGINEERS = ['e1', 'e2', 'e3', 'e4', 'e5'];
function facts(counts: Record<string, number>, tokens: Array<string[] | null>, professionIds = ENGINEERS, everyone = 1_000_000): SearchFacts {
  return {
    professionIds,
    counts: new Map(Object.entries({ '': 625_000, ...counts }).map(([gram, matching]) => [gram, { matching, everyone: gram === '' ? everyone : matching * 1.6 }])),
    tokens,
  };
}
const page = (n: number, limit = 20) => ({ offset: (n - 1) * limit, limit });

describe('the grams of a query word', () => {
  it('are the word itself up to three letters, else its pieces of three; longer words are counted whole', () => {
    expect(grams('sm')).toEqual(['sm']);
    expect(grams('lee')).toEqual(['lee']);
    expect(grams('smith')).toEqual(['smi', 'mit', 'ith']);
    expect([isCountedWhole('lee'), isCountedWhole('smith')]).toEqual([false, true]);
  });
});

describe('planSearch', () => {
  it('takes the exact count from the counts for no query, a short word, and a long word held by one directory word', () => {
    expect(planSearch([], facts({}, []), page(1)).knownTotal).toBe(625_000);
    expect(planSearch(['ma'], facts({ ma: 135_414 }, [['mary', 'mark', 'thomas']]), page(1)).knownTotal).toBe(135_414);
    expect(planSearch(['smith'], facts({ smith: 10_400, smi: 10_400 }, [['smith']]), page(1)).knownTotal).toBe(10_400);
    // Two directory words may share holders (Martin Martinez), and two query words must both match: counted with the page.
    expect(planSearch(['martin'], facts({ martin: 10_300, martinez: 10_389 }, [['martin', 'martinez']]), page(1)).knownTotal).toBeNull();
    expect(planSearch(['james', 'r'], facts({ james: 12_500, r: 400_000 }, [['james'], null]), page(1)).knownTotal).toBeNull();
  });

  it('reads no page when nothing matches or the page is past the last match', () => {
    expect(planSearch(['zzz'], facts({}, [[]]), page(1))).toEqual({ knownTotal: 0, lead: 0, filters: [], strategy: null });
    expect(planSearch(['quint', 'zzz'], facts({ quint: 3 }, [['quint'], []]), page(1)).strategy).toBeNull();
    expect(planSearch(['sm'], facts({ sm: 10_400 }, [['smith']]), page(521))).toMatchObject({ knownTotal: 10_400, strategy: null });
    expect(planSearch([], facts({}, [], []), page(1))).toMatchObject({ knownTotal: 0, strategy: null });
  });

  it('reads the holders of the narrowest word: James, not every R; with other words, one run per directory word and profession', () => {
    expect(planSearch(['r', 'james'], facts({ james: 12_500, r: 400_000 }, [null, ['james']]), page(1))).toMatchObject({ lead: 1, filters: [0] });
    expect(runsByProfession([0], ENGINEERS)).toBe(true);
    expect([runsByProfession([], ENGINEERS), runsByProfession([0], ['a1']), runsByProfession([0], ENGINEERS, 'CA')]).toEqual([false, false, false]);
  });

  it('merges the runs of a few directory words, however deep the page: their holders may lie together in directory order', () => {
    // "mo": the Moores and the Yamamotos, 3% of the scope, all under M and Y.
    for (const n of [1, 100]) expect(planSearch(['mo'], facts({ mo: 20_961 }, [['moore', 'yamamoto']]), page(n)).strategy).toBe('merge');
    expect(planSearch(['an'], facts({ an: 126_271 }, [Array.from({ length: 11 }, (_, i) => `an${i}`)]), page(100, 50)).strategy).toBe('merge');
    expect(planSearch(['smith'], facts({ smith: 10_400 }, [['smith']]), page(100)).strategy).toBe('merge');
    expect(planSearch(['james', 'r'], facts({ james: 12_500, r: 400_000 }, [['james'], null]), page(100)).strategy).toBe('merge');
    // Every Sandra holds d: the query is "sandra", counted and merged without matching d.
    expect(planSearch(['sandra', 'd'], facts({ sandra: 12_538, d: 156_713 }, [['sandra'], null]), page(100))).toEqual({ knownTotal: 12_538, lead: 0, filters: [], strategy: 'merge' });
    expect(planSearch(['robert', 'b'], facts({ robert: 12_500, roberts: 10_454, b: 200_000 }, [['robert', 'roberts'], null]), page(100))).toMatchObject({ knownTotal: null, filters: [] });
  });

  it('walks the directory when most names match, or there is no query; sorts a narrow query whose count reads every holder anyway', () => {
    expect(planSearch([], facts({}, []), page(100)).strategy).toBe('walk');
    // "a": held by more than MAX_TOKENS directory words (tokens null), and by 86% of the scope.
    expect(planSearch(['a'], facts({ a: 538_316 }, [null]), page(100)).strategy).toBe('walk');
    expect(possibleStrategies(['a'], facts({ a: 538_316 }, [null]), 0)).toEqual(['walk', 'sort']);
    expect(planSearch(['james', 'smith'], facts({ james: 12_500, smith: 10_400 }, [['james'], ['smith']]), page(1)).strategy).toBe('sort');
    // The Williams among the Sanchezes lie together in the Sanchezes' run (by first name): a merge may read it all, after the count has.
    expect(planSearch(['william', 'sanchez'], facts({ william: 12_500, williams: 10_400, sanchez: 10_400 }, [['william', 'williams'], ['sanchez']]), page(1)).strategy).toBe('sort');
  });

  it('merges the professions of one state when there is no query, and takes a forced way only where it can', () => {
    expect(possibleStrategies([], facts({}, []), null, 'CA')).toEqual(['walk', 'merge']);
    expect(possibleStrategies([], facts({}, []), null)).toEqual(['walk']);
    expect(planSearch([], facts({}, []), { ...page(1), force: 'walk' }).strategy).toBe('walk');
    expect(() => planSearch([], facts({}, []), { ...page(1), force: 'merge' })).toThrow('cannot be read by merge');
    expect(() => planSearch(['a'], facts({ a: 538_316 }, [null]), { ...page(1), force: 'merge' })).toThrow('cannot be read by merge');
  });
});
