import { fold } from '../../../contracts/search';

/** A piece of a text: `match` when it is the start of a word that a search term is a prefix of. */
export interface Piece {
  text: string;
  match: boolean;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * `text` cut into pieces, the matched prefixes marked, accents and case ignored as the server
 * ignores them (`Mül` marks `Mul` of `Muller`). Plain text in, plain text out: the caller renders
 * the pieces as text (a `<mark>` around the matches), never as HTML.
 */
export function highlight(text: string, terms: readonly string[]): Piece[] {
  const wanted = terms.flatMap((t) => fold(t).match(WORD) ?? []).filter(Boolean);
  if (wanted.length === 0 || text === '') return [{ text, match: false }];
  const pieces: Piece[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    const folded = fold(m[0]);
    const term = wanted
      .filter((t) => folded.startsWith(t))
      .reduce<string | undefined>((a, b) => (a && a.length >= b.length ? a : b), undefined);
    if (!term) continue;
    // The shortest start of the word that folds to the term (accents make it no shorter).
    let length = 1;
    while (length < m[0].length && fold(m[0].slice(0, length)).length < term.length) length++;
    if (m.index > last) pieces.push({ text: text.slice(last, m.index), match: false });
    pieces.push({ text: text.slice(m.index, m.index + length), match: true });
    last = m.index + length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), match: false });
  return pieces;
}
