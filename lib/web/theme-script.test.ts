import { describe, expect, it } from 'vitest';
import { THEME_SCRIPT, THEME_STORAGE_KEY } from './theme-script.ts';

/** Runs the inline script against a stand-in document and storage. */
function run(stored: string | null, storage: 'ok' | 'throws' = 'ok'): Record<string, string> {
  const dataset: Record<string, string> = {};
  const localStorage = {
    getItem(key: string) {
      if (storage === 'throws') throw new Error('SecurityError');
      return key === THEME_STORAGE_KEY ? stored : null;
    },
  };
  new Function('localStorage', 'document', THEME_SCRIPT)(localStorage, { documentElement: { dataset } });
  return dataset;
}

describe('the theme script run before the first paint', () => {
  it('applies a stored light or dark theme', () => {
    expect(run('dark')).toEqual({ theme: 'dark' });
    expect(run('light')).toEqual({ theme: 'light' });
  });
  it('leaves the system theme to the CSS when nothing (or nonsense) is stored', () => {
    expect(run(null)).toEqual({});
    expect(run('"><script>')).toEqual({});
  });
  it('survives storage that refuses to be read', () => {
    expect(run('dark', 'throws')).toEqual({});
  });
});
