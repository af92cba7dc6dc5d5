import { afterEach, describe, expect, it } from 'vitest';
import { loaders } from 'virtual:catalogs';
import { i18n } from '../../lib/i18n';
import { permissionLabel, permissionSummary } from './permission-grid';
import { roleLabel } from './role-names';

async function use(language: string) {
  const { default: messages } = await loaders[language]!();
  i18n.load(language, messages as Parameters<typeof i18n.load>[1]);
  i18n.activate(language);
}

describe('roles and permissions in the app’s language', () => {
  afterEach(() => use('en'));

  it('names permissions by resource and action, keeping the stored name as the id', async () => {
    expect(permissionSummary({ company: ['read', 'export'], audit: [] })).toEqual([
      { id: 'company:read', label: 'Companies: read' },
      { id: 'company:export', label: 'Companies: export' },
    ]);
    await use('nl');
    expect(permissionLabel('invitation', 'cancel')).toBe('Uitnodigingen: intrekken');
    expect(permissionLabel('trash', 'update')).toBe('Prullenbak: wijzigen');
    // Unknown names (a resource added later) show as stored rather than as a key.
    expect(permissionLabel('report', 'sign')).toBe('report: sign');
  });

  it('translates the built-in roles and leaves custom ones as named', async () => {
    expect(roleLabel('owner')).toBe('owner');
    await use('nl');
    expect(roleLabel('owner')).toBe('eigenaar');
    expect(roleLabel('guest')).toBe('gast');
    expect(roleLabel('read-only-auditor')).toBe('read-only-auditor');
    expect(roleLabel('constructor')).toBe('constructor');
  });
});
