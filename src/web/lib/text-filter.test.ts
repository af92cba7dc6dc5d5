import { describe, expect, it } from 'vitest';
import { foldText, matchesQuery } from './text-filter';

describe('search over loaded rows', () => {
  it('ignores case and accents', () => {
    expect(foldText('Émile Çelik')).toBe('emile celik');
    expect(matchesQuery(['Émile Çelik'], 'emile')).toBe(true);
    expect(matchesQuery(['emile celik'], 'ÉMILE')).toBe(true);
  });

  it('needs every word, in any of the fields', () => {
    expect(matchesQuery(['Eva Werknemer', 'ESOP 2024'], 'eva 2024')).toBe(true);
    expect(matchesQuery(['Eva Werknemer', 'ESOP 2024'], 'eva 2025')).toBe(false);
    expect(matchesQuery(['Eva Werknemer', null, undefined], 'werk')).toBe(true);
  });

  it('matches everything with an empty query', () => {
    expect(matchesQuery(['x'], '')).toBe(true);
    expect(matchesQuery([], '   ')).toBe(true);
  });
});
