import { setupI18n, type I18n } from '@lingui/core';
import {
  DEFAULT_LANGUAGE,
  PSEUDO_LANGUAGE,
  negotiateLanguage,
  parseAcceptLanguage,
} from '../../contracts/i18n/languages';
import { catalogLanguages, compileCatalog } from './catalogs';

/**
 * The server's messages in the reader's language (decision 018): API errors in the caller's
 * (`Accept-Language`, else their saved choice), e-mails in the recipient's saved language.
 * Catalogs are read and compiled once, on first use.
 */

let languages: readonly string[] | undefined;
const instances = new Map<string, I18n>();

/** The languages people can choose (the catalog folders), the default first. */
export function serverLanguages(): readonly string[] {
  languages ??= catalogLanguages();
  return languages;
}

/** Whether `language` is one people can choose (the pseudo language is not). */
export function isServerLanguage(language: unknown): language is string {
  return typeof language === 'string' && serverLanguages().includes(language);
}

function instance(language: string): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({
      locale: language,
      messages: { [language]: compileCatalog(language) as never },
    });
    instances.set(language, i18n);
  }
  return i18n;
}

export type Translate = (id: string, values?: Record<string, unknown>) => string;

/** A `t` for one language; an unknown language gets the default. */
export function translator(language: string | null | undefined): Translate {
  const chosen =
    language && (isServerLanguage(language) || language === PSEUDO_LANGUAGE)
      ? language
      : DEFAULT_LANGUAGE;
  const i18n = instance(chosen);
  return (id, values) => i18n._(id, values);
}

/**
 * The language to answer a request in: the best match for its `Accept-Language` among the
 * catalogs (the pseudo language only when asked for by its exact tag), else `saved` (the
 * account's choice), else the default.
 */
export function requestLanguage(
  acceptLanguage: string | null | undefined,
  saved?: string | null,
): string {
  const wanted = parseAcceptLanguage(acceptLanguage);
  if (wanted[0] === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
  const fallback = isServerLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  return negotiateLanguage(wanted, serverLanguages(), fallback);
}
