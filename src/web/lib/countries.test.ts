import { afterEach, describe, expect, it } from 'vitest';
import { loaders } from 'virtual:catalogs';
import { countryName, countryOptions } from './countries';
import { i18n } from './i18n';

async function use(language: string) {
  const { default: messages } = await loaders[language]!();
  i18n.load(language, messages as Parameters<typeof i18n.load>[1]);
  i18n.activate(language);
}

describe('countries in the app’s language', () => {
  afterEach(() => use('en'));

  it('names a country in the active language', async () => {
    expect(countryName('DE')).toBe('Germany');
    await use('nl');
    expect(countryName('DE')).toBe('Duitsland');
    expect(countryName('XX')).toBe('XX');
  });

  it('sorts the options by their name in the active language', async () => {
    await use('nl');
    const names = countryOptions().map((o) => o.name);
    expect(names).toContain('België');
    // In Dutch, "Verenigd Koninkrijk" sorts under V, not under U as in English.
    expect(names.indexOf('Verenigd Koninkrijk')).toBeGreaterThan(names.indexOf('Uruguay'));
    expect(names).toEqual([...names].sort(new Intl.Collator('nl').compare));
    await use('en');
    const english = countryOptions().map((o) => o.name);
    expect(english.indexOf('United Kingdom')).toBeLessThan(english.indexOf('Uruguay'));
    expect(countryOptions()).toHaveLength(249);
  });
});
