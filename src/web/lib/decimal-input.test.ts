import { loaders } from 'virtual:catalogs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalForInput, decimalFromInput } from './format';
import { i18n } from './i18n';

describe('decimals put back into an edit form (issue 12)', () => {
  beforeAll(async () => {
    for (const language of ['en', 'nl'] as const) {
      const { default: catalog } = await loaders[language]!();
      i18n.load(language, catalog as Parameters<typeof i18n.load>[1]);
    }
  });
  afterAll(() => i18n.activate('en'));

  it('shows the API’s decimal in the language and reads it back as the same number', () => {
    for (const [language, shown] of [
      ['en', '1.234'],
      ['nl', '1,234'],
    ] as const) {
      i18n.activate(language);
      expect(decimalForInput('1.234')).toBe(shown);
      // Not a thousand two hundred and thirty-four, as "1.234" would be in Dutch.
      expect(decimalFromInput(decimalForInput('1.234'))).toBe('1.234');
      expect(decimalFromInput(decimalForInput('1250000'))).toBe('1250000');
      expect(decimalForInput(null)).toBeNull();
    }
  });
});
