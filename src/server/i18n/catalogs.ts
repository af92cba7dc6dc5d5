import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE, PSEUDO_LANGUAGE, isLanguageTag } from '../../contracts/i18n/languages';
import { pseudoLocalize } from '../../contracts/i18n/pseudo';

/**
 * The message catalogs (decision 018): `src/locales/<language>/<namespace>.json`, each a flat
 * object of `"<namespace>.<key>": "ICU message"`. A language is a folder; adding one is a
 * catalog-only change. Read by the server at start-up and by the SPA's build (vite.config.ts),
 * which compiles each language into its own chunk.
 */

export type Catalog = Record<string, string>;
export type CompiledCatalog = Record<string, unknown>;

/** Where the catalogs live: `src/locales` from the sources, `locales` next to the bundle. */
export function catalogsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, 'locales'),
    path.join(here, '..', 'locales'),
    path.join(here, '..', '..', 'locales'),
  ];
  const found = candidates.find((dir) =>
    existsSync(path.join(dir, DEFAULT_LANGUAGE, 'common.json')),
  );
  if (!found) throw new Error(`Catalogs folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** The languages that have a catalog folder, the default first, then alphabetically. */
export function catalogLanguages(folder = catalogsFolder()): string[] {
  const languages = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && isLanguageTag(entry.name))
    .map((entry) => entry.name)
    .filter((name) => name !== PSEUDO_LANGUAGE)
    .sort();
  return [DEFAULT_LANGUAGE, ...languages.filter((l) => l !== DEFAULT_LANGUAGE)];
}

/** The namespace files of one language (`common.json` → `common`). */
export function catalogFiles(language: string, folder = catalogsFolder()): string[] {
  const dir = path.join(folder, language);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => path.join(dir, file));
}

/**
 * One language's messages from all its namespace files. Every key must start with its file's
 * namespace (`grants.json` holds `grants.*`), so two files can never define the same key.
 */
export function readCatalog(language: string, folder = catalogsFolder()): Catalog {
  const catalog: Catalog = {};
  for (const file of catalogFiles(language, folder)) {
    const namespace = path.basename(file, '.json');
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error(`${file}: a catalog is a JSON object of messages`);
    }
    for (const [key, message] of Object.entries(parsed)) {
      if (!key.startsWith(`${namespace}.`)) {
        throw new Error(`${file}: key "${key}" does not start with "${namespace}."`);
      }
      if (typeof message !== 'string') throw new Error(`${file}: "${key}" is not a string`);
      catalog[key] = message;
    }
  }
  return catalog;
}

/**
 * A language compiled for Lingui's runtime. English fills the gaps of another language (a key
 * missing in a new catalog shows in English, never as its id; the catalog test fails on it).
 * The pseudo language is English pseudo-localized.
 */
export function compileCatalog(language: string, folder = catalogsFolder()): CompiledCatalog {
  const source = language === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : language;
  const messages = { ...readCatalog(DEFAULT_LANGUAGE, folder), ...readCatalog(source, folder) };
  const compiled: CompiledCatalog = {};
  for (const [key, message] of Object.entries(messages)) {
    try {
      const result = compileMessage(message);
      compiled[key] = language === PSEUDO_LANGUAGE ? pseudoLocalize(result) : result;
    } catch (error) {
      throw new Error(`${language}: "${key}" is not a valid ICU message: ${String(error)}`, {
        cause: error,
      });
    }
  }
  return compiled;
}

/**
 * Messages only the server writes (e-mails, exports, the PDFs it draws, its error messages, the
 * standard templates' names): left out of the SPA's catalog chunks. The SPA keeps the error
 * messages it writes itself (`errors.client.*`, `errors.report.*`); the catalog test checks that
 * every key the SPA's code names is in its catalog.
 */
const SERVER_ONLY_NAMESPACES = new Set([
  'mail',
  'server',
  'standard-templates',
  'errors',
  'exports',
  'document-text',
  'pdf',
]);
/** Keys of server-only namespaces the SPA needs too (its own errors, the Export menu's words). */
const BROWSER_ERRORS = ['errors.client.', 'errors.report.', 'exports.menu.'];

/** Whether the SPA's catalog carries `key`. */
export function isBrowserKey(key: string): boolean {
  const namespace = key.slice(0, key.indexOf('.'));
  return (
    !SERVER_ONLY_NAMESPACES.has(namespace) ||
    BROWSER_ERRORS.some((prefix) => key.startsWith(prefix))
  );
}

/** `compileCatalog` for the SPA: the keys it carries ({@link isBrowserKey}). */
export function compileBrowserCatalog(
  language: string,
  folder = catalogsFolder(),
): CompiledCatalog {
  return Object.fromEntries(
    Object.entries(compileCatalog(language, folder)).filter(([key]) => isBrowserKey(key)),
  );
}
