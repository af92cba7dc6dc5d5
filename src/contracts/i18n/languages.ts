/**
 * Which language a person reads the product in (issue 12). The languages on offer are the
 * catalogs' folders (`src/locales/<language>/`): adding a language is a catalog-only change, so
 * nothing here lists them. Tags are BCP 47 language tags as the catalogs' folders are named.
 */

/** The language of the source catalogs, and the answer when nothing better matches. */
export const DEFAULT_LANGUAGE = 'en';

/**
 * A pseudo-localized copy of English (accented, bracketed, 30 % longer) that tests switch on to
 * find text that did not come from a catalog. Never offered to people.
 */
export const PSEUDO_LANGUAGE = 'en-XA';

/** Longest language tag we store or accept (`zh-Hant-TW` and the like fit). */
export const LANGUAGE_TAG_MAX = 16;

const TAG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** A syntactically valid language tag such as `nl`, `en-GB` or `fr-BE`. */
export function isLanguageTag(value: unknown): value is string {
  return typeof value === 'string' && value.length <= LANGUAGE_TAG_MAX && TAG.test(value);
}

/**
 * The tags of an `Accept-Language` header, most wanted first (q-values honoured, `q=0` and `*`
 * dropped, malformed entries skipped).
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; index: number }[] = [];
  header.split(',').forEach((part, index) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim() ?? '';
    if (!tag || tag === '*' || !isLanguageTag(tag)) return;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(param);
      if (match) q = Number(match[1]);
    }
    if (q > 0) entries.push({ tag, q, index });
  });
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((e) => e.tag);
}

/**
 * The best of `available` for the wanted tags (most wanted first): an exact match, else the
 * same primary language (`nl-BE` → `nl`, `fr` → `fr-BE`), else `fallback`. Case-insensitive.
 */
export function negotiateLanguage(
  wanted: readonly string[],
  available: readonly string[],
  fallback: string = DEFAULT_LANGUAGE,
): string {
  const lower = available.map((tag) => tag.toLowerCase());
  for (const tag of wanted) {
    const exact = lower.indexOf(tag.toLowerCase());
    if (exact >= 0) return available[exact]!;
    const primary = tag.toLowerCase().split('-')[0]!;
    const samePrimary = lower.findIndex((a) => a === primary || a.split('-')[0] === primary);
    if (samePrimary >= 0) return available[samePrimary]!;
  }
  return fallback;
}

/**
 * The locale `Intl` formats a language's numbers and dates in. English is written the British
 * way here (day before month, `1 March 2026`): the firms are European.
 */
export function formattingLocale(language: string): string {
  if (language === 'en' || language === PSEUDO_LANGUAGE) return 'en-GB';
  return language;
}
