import { COUNTRY_CODES, countryName as countryNameIn } from '../../domain/countries';
import { activeLanguage } from './i18n';

/** "Nederland" (nl) / "Netherlands" (en): a country's name in the app's language. */
export function countryName(code: string): string {
  return countryNameIn(code, activeLanguage());
}

const optionsByLanguage = new Map<string, readonly { code: string; name: string }[]>();

/**
 * Every country for a select, named and sorted in the app's language ("België", "Duitsland"…
 * in Dutch): people scan for the name they know, not the code.
 */
export function countryOptions(): readonly { code: string; name: string }[] {
  const language = activeLanguage();
  let options = optionsByLanguage.get(language);
  if (!options) {
    const collator = new Intl.Collator([language, 'en']);
    options = COUNTRY_CODES.map((code) => ({ code, name: countryNameIn(code, language) })).sort(
      (a, b) => collator.compare(a.name, b.name),
    );
    optionsByLanguage.set(language, options);
  }
  return options;
}
