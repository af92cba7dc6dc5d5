/**
 * Pseudo-localization of compiled messages (Lingui's compiled form: a string, or an array of
 * strings and placeholders). Literal text gets accented letters and the whole message a pair of
 * brackets, so a test can tell text that came from a catalog (`⟦Ŝàvé⟧`) from text that did not.
 * Placeholders (`{name}`), plural/select branches' structure and rich-text tags (`<link>…</link>`)
 * are kept, so the pseudo catalog formats exactly like the English one.
 */

const ACCENTED: Record<string, string> = {
  a: 'à',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'À',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** Accents the letters of literal text, leaving rich-text tags (`<link>`, `</0>`) alone. */
export function accent(text: string): string {
  return text
    .split(/(<\/?[\w-]+\s*\/?>)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c)))
    .join('');
}

type Compiled = string | CompiledPart[];
type CompiledPart = string | [string, string?, (Record<string, Compiled> | string)?];

function accentParts(message: Compiled): Compiled {
  if (typeof message === 'string') return accent(message);
  // A plural's `offset` and similar non-message options pass through.
  if (!Array.isArray(message)) return message;
  return message.map((part): CompiledPart => {
    if (typeof part === 'string') return accent(part);
    const [name, type, options] = part;
    if (options && typeof options === 'object') {
      const branches = Object.fromEntries(
        Object.entries(options).map(([key, branch]) => [key, accentParts(branch)]),
      );
      return [name, type, branches];
    }
    return part;
  });
}

/** The pseudo-localized form of a compiled message. */
export function pseudoLocalize(message: unknown): unknown {
  const accented = accentParts(message as Compiled);
  return typeof accented === 'string'
    ? `${PSEUDO_OPEN}${accented}${PSEUDO_CLOSE}`
    : [PSEUDO_OPEN, ...accented, PSEUDO_CLOSE];
}
