import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../scripts/vite-catalogs';
import { PSEUDO_LANGUAGE } from '../../contracts/i18n/languages';
import { pseudoLocalize } from '../../contracts/i18n/pseudo';
import {
  catalogLanguages,
  catalogsFolder,
  compileCatalog,
  isBrowserKey,
  readCatalog,
} from './catalogs';
import { requestLanguage, translator } from './index';

const root = path.resolve(catalogsFolder(), '..', '..');
const languages = catalogLanguages();
const english = readCatalog('en');

/** Every source file that can use a message: the app's code, not its tests. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const code = sources(path.join(root, 'src'))
  .map((file) => ({
    file: path.relative(root, file),
    // Comments may show example keys; only code counts.
    text: readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, ''),
  }))
  .concat({ file: 'scripts/vite-catalogs.ts', text: '' });

// t('x'), msg('x'), translate('x'), <Trans id="x" …>: the ways code names a message.
const USE = /(?:\b(?:t|msg|translate)\(\s*|<Trans\s+id=)(['"`])([a-z][\w-]*(?:\.[\w-]+)+)\1/g;

describe('the message catalogs (decision 018)', () => {
  it('has English and Dutch', () => {
    expect(languages.slice(0, 1)).toEqual(['en']);
    expect(languages).toContain('nl');
  });

  it('defines every key the code uses, in every language', () => {
    const missing: string[] = [];
    // Each catalog read once: read per key, the test slows down as the catalogs grow.
    const catalogs = languages.map((language) => [language, readCatalog(language)] as const);
    for (const { file, text } of code) {
      for (const [, , key] of text.matchAll(USE)) {
        for (const [language, catalog] of catalogs) {
          if (!(key! in catalog)) missing.push(`${language}: ${key} (${file})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives the SPA every key its code names, and not the server’s own messages', () => {
    const browserCode = code.filter(
      ({ file }) => file.startsWith('src/web/') || file.startsWith('src/contracts/'),
    );
    const missing = browserCode.flatMap(({ file, text }) =>
      [...text.matchAll(USE)]
        .map(([, , key]) => key!)
        .filter((key) => !isBrowserKey(key))
        .map((key) => `${key} (${file})`),
    );
    expect(missing).toEqual([]);
    expect(isBrowserKey('mail.verification.subject')).toBe(false);
    expect(isBrowserKey('errors.ledger.insufficient')).toBe(false);
    expect(isBrowserKey('errors.client.network')).toBe(true);
    expect(isBrowserKey('grants.new')).toBe(true);
  });

  it('has no key the code does not use', () => {
    const all = code.map((c) => c.text).join('\n');
    const unused = Object.keys(english).filter(
      (key) => !all.includes(`'${key}'`) && !all.includes(`"${key}"`),
    );
    expect(unused).toEqual([]);
  });

  it('has the same keys in every language, each a valid message with the same placeholders', () => {
    // The names of a compiled message's placeholders, plural and select branches included.
    const names = (compiled: unknown, found = new Set<string>()): Set<string> => {
      if (!Array.isArray(compiled)) return found;
      for (const part of compiled as unknown[]) {
        if (!Array.isArray(part)) continue;
        const [name, , options] = part as [string, string?, unknown?];
        found.add(name);
        if (options && typeof options === 'object') {
          for (const branch of Object.values(options)) names(branch, found);
        }
      }
      return found;
    };
    const placeholders = (message: string) => names(compileMessage(message));
    for (const language of languages) {
      const catalog = readCatalog(language);
      expect(Object.keys(catalog).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(catalog)) {
        expect(message.trim(), `${language} ${key}`).not.toBe('');
        expect(placeholders(message), `${language} ${key}`).toEqual(placeholders(english[key]!));
        // Rich-text tags (<link>…</link>) must match too, or a link disappears in translation.
        const tags = (m: string) => [...m.matchAll(/<\/?([\w-]+)\s*\/?>/g)].map((t) => t[0]).sort();
        expect(tags(message), `${language} ${key}`).toEqual(tags(english[key]!));
      }
      expect(() => compileCatalog(language)).not.toThrow();
    }
  });

  it('pseudo-localizes every English message, keeping placeholders and tags', () => {
    const i18n = setupI18n({
      locale: PSEUDO_LANGUAGE,
      messages: { [PSEUDO_LANGUAGE]: compileCatalog(PSEUDO_LANGUAGE) as never },
    });
    for (const key of Object.keys(english)) {
      expect(i18n._(key, {}), key).toMatch(/^⟦[\s\S]*⟧$/);
    }
    const sample = compileMessage(
      'Go to <link>{count, plural, one {# grant} other {# grants}}</link>',
    );
    const pseudo = setupI18n({
      locale: PSEUDO_LANGUAGE,
      messages: { [PSEUDO_LANGUAGE]: { sample: pseudoLocalize(sample) as never } },
    });
    expect(pseudo._('sample', { count: 2 })).toBe('⟦Ĝö ţö <link>2 ĝŕàñţš</link>⟧');
  });
});

describe('a third language is a catalog-only change', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'catalogs-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  cpSync(catalogsFolder(), folder, { recursive: true });
  // French for Belgium, with only some messages translated: the rest falls back to English.
  const fr: Record<string, string> = { 'common.language.label': 'Langue' };
  cpSync(path.join(folder, 'en'), path.join(folder, 'fr'), { recursive: true });
  for (const file of readdirSync(path.join(folder, 'fr'))) {
    const namespace = path.basename(file, '.json');
    const own = Object.fromEntries(
      Object.entries(fr).filter(([k]) => k.startsWith(`${namespace}.`)),
    );
    writeFileSync(path.join(folder, 'fr', file), JSON.stringify(own));
  }

  it('is offered by the server and the SPA build, with its own chunk', async () => {
    expect(catalogLanguages(folder)).toEqual(['en', 'fr', 'nl']);
    const plugin = catalogs({ folder });
    const context = { addWatchFile: () => undefined };
    const load = plugin.load as unknown as (this: typeof context, id: string) => string | null;
    const index = load.call(context, '\0virtual:catalogs')!;
    expect(index).toContain('export const languages = ["en","fr","nl"]');
    expect(index).toContain('"fr": () => import("virtual:catalog/fr")');
    const chunk = load.call(context, '\0virtual:catalog/fr')!;
    const messages = JSON.parse(chunk.replace(/^export default /, '').replace(/;$/, '')) as Record<
      string,
      unknown
    >;
    const i18n = setupI18n({ locale: 'fr', messages: { fr: messages as never } });
    expect(i18n._('common.language.label')).toBe('Langue');
    // Not yet translated: English, never the key.
    expect(i18n._('common.session.ended')).toBe(english['common.session.ended']);
  });
});

describe('the server’s language for a request', () => {
  it('follows Accept-Language, then the saved choice, then English', () => {
    expect(requestLanguage('nl-NL,nl;q=0.9,en;q=0.8')).toBe('nl');
    expect(requestLanguage('de-DE', 'nl')).toBe('nl');
    expect(requestLanguage(null, 'nl')).toBe('nl');
    expect(requestLanguage(undefined, 'xx')).toBe('en');
    expect(requestLanguage('en-XA')).toBe(PSEUDO_LANGUAGE);
  });

  it('translates with the language’s catalog', () => {
    expect(translator('nl')('common.language.label')).toBe('Taal');
    expect(translator('en')('common.language.label')).toBe('Language');
    expect(translator('xx')('common.language.label')).toBe('Language');
  });
});
