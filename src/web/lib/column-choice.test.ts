import { describe, expect, it } from 'vitest';
import { columnChoiceKey, readHiddenColumns, writeHiddenColumns } from './column-choice';

/** An in-memory Storage (the unit tests run in Node). */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const OPTIONAL = ['plan', 'price', 'vested'];

describe('column choice per user', () => {
  it('keeps each user their own choice for each table', () => {
    const storage = memoryStorage();
    const anna = columnChoiceKey('user-anna', 'grants');
    const bart = columnChoiceKey('user-bart', 'grants');
    expect(anna).not.toBe(bart);
    expect(columnChoiceKey('user-anna', 'register')).not.toBe(anna);
    writeHiddenColumns(storage, anna, ['price']);
    expect(readHiddenColumns(storage, anna, OPTIONAL)).toEqual(['price']);
    expect(readHiddenColumns(storage, bart, OPTIONAL)).toEqual([]);
  });

  it('removes the entry when every column is shown again', () => {
    const storage = memoryStorage();
    const key = columnChoiceKey('u', 'grants');
    writeHiddenColumns(storage, key, ['plan']);
    writeHiddenColumns(storage, key, []);
    expect(storage.map.has(key)).toBe(false);
  });

  it('shows what it cannot read: unknown ids, bad JSON, refused storage', () => {
    const storage = memoryStorage();
    const key = columnChoiceKey('u', 'grants');
    storage.setItem(key, JSON.stringify(['vested', 'stakeholder', 'gone']));
    // Only optional columns can be hidden; the order is the table's.
    expect(readHiddenColumns(storage, key, OPTIONAL)).toEqual(['vested']);
    storage.setItem(key, '{not json');
    expect(readHiddenColumns(storage, key, OPTIONAL)).toEqual([]);
    storage.setItem(key, '"plan"');
    expect(readHiddenColumns(storage, key, OPTIONAL)).toEqual([]);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(readHiddenColumns(refusing, key, OPTIONAL)).toEqual([]);
    expect(() => writeHiddenColumns(refusing, key, ['plan'])).not.toThrow();
    expect(readHiddenColumns(null, key, OPTIONAL)).toEqual([]);
  });
});
