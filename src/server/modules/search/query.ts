/**
 * The text-search query of a search box's input (decision 032), built so that no user text is
 * ever read as tsquery syntax: the input is cut into words at anything but letters, digits and
 * the few marks of e-mail addresses and numbers (`@ . _ + -`), each word becomes a quoted prefix
 * term (`'mull':*`, which PostgreSQL's parser then folds with `simple_unaccent`: lower case, no
 * accents), and the terms are ANDed. Quotes, backslashes, `& | ! ( ) : * < >` can therefore not
 * reach the tsquery parser. Words without a letter or digit are dropped; an input without any
 * word gives null (no results, not an error).
 */
import { fold, searchTerms } from '../../../contracts/search';

export { fold, searchTerms };

/**
 * The tsquery text for `to_tsquery('simple_unaccent', …)`: `'w1':* & 'w2':*`, or null when the
 * input holds no word. Only letters, digits and `@ . _ + -` occur between the quotes.
 */
export function prefixQuery(input: string): string | null {
  const terms = searchTerms(input);
  if (terms.length === 0) return null;
  return terms.map((t) => `'${t}':*`).join(' & ');
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * A plain-text excerpt of `text` of about `max` characters around the first word that starts
 * with one of the terms (its start when none does): whitespace collapsed, Markdown's emphasis and
 * heading marks dropped, `…` where it was cut. No markup: the client highlights.
 */
export function excerpt(text: string, terms: readonly string[], max = 140): string {
  const plain = text
    .replace(/[*_`#>]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const folded = terms.flatMap((t) => fold(t).match(WORD) ?? []);
  let at = 0;
  for (const m of plain.matchAll(WORD)) {
    const word = fold(m[0]);
    if (folded.some((t) => word.startsWith(t))) {
      at = m.index;
      break;
    }
  }
  // Some context before the match, starting at a word.
  let start = Math.max(0, at - Math.floor(max / 4));
  if (start > 0) {
    const space = plain.lastIndexOf(' ', start);
    start = space >= 0 && at - space < max / 2 ? space + 1 : start;
  }
  let end = Math.min(plain.length, start + max);
  if (end < plain.length) {
    const space = plain.lastIndexOf(' ', end);
    if (space > at) end = space;
  }
  return `${start > 0 ? '…' : ''}${plain.slice(start, end).trim()}${end < plain.length ? '…' : ''}`;
}
