import { beforeAll } from 'vitest';
import { i18n } from '../../src/web/lib/i18n';
import { loaders } from 'virtual:catalogs';

// Unit tests of the SPA's modules read messages in English, as a browser does before a choice
// (decision 018). Tests of another language load and activate it themselves.
beforeAll(async () => {
  if (i18n.locale) return;
  const { default: messages } = await loaders.en!();
  i18n.load('en', messages as Parameters<typeof i18n.load>[1]);
  i18n.activate('en');
});
