import path from 'node:path';
import type { Plugin } from 'vite';
import { PSEUDO_LANGUAGE } from '../src/contracts/i18n/languages';
import {
  catalogFiles,
  catalogLanguages,
  catalogsFolder,
  compileBrowserCatalog,
} from '../src/server/i18n/catalogs';

const INDEX = 'virtual:catalogs';
const LANGUAGE = 'virtual:catalog/';

/**
 * The SPA's message catalogs (decision 018). `virtual:catalogs` lists the languages (the folders
 * of src/locales) and a loader per language; `virtual:catalog/<language>` is that language's
 * catalog compiled at build time (no message parser ships to the browser; server-only messages
 * left out, see `isBrowserKey`), in its own chunk
 * named `catalog-<language>`, fetched only when the language is chosen.
 */
export function catalogs({ folder = catalogsFolder() }: { folder?: string } = {}): Plugin {
  return {
    name: 'esop:catalogs',
    resolveId(id) {
      if (id === INDEX || id.startsWith(LANGUAGE)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        this.addWatchFile(folder);
        const languages = catalogLanguages(folder);
        const loaders = [...languages, PSEUDO_LANGUAGE]
          .map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(LANGUAGE + l)})`)
          .join(',\n  ');
        return [
          `export const languages = ${JSON.stringify(languages)};`,
          `export const loaders = {\n  ${loaders}\n};`,
        ].join('\n');
      }
      if (id.startsWith(`\0${LANGUAGE}`)) {
        const language = id.slice(LANGUAGE.length + 1);
        const source = language === PSEUDO_LANGUAGE ? 'en' : language;
        for (const file of [...catalogFiles('en', folder), ...catalogFiles(source, folder)]) {
          this.addWatchFile(file);
        }
        return `export default ${JSON.stringify(compileBrowserCatalog(language, folder))};`;
      }
      return null;
    },
  };
}

/** Chunk names for the catalogs: `catalog-nl-<hash>.js`, so the bench and caches can tell. */
export function catalogChunkName(facadeModuleId: string | null | undefined): string | null {
  if (!facadeModuleId?.startsWith(`\0${LANGUAGE}`)) return null;
  return `catalog-${path.basename(facadeModuleId.slice(LANGUAGE.length + 1))}`;
}
