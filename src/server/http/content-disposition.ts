/**
 * File names of downloads (issue 12): `Content-Disposition` with an ASCII `filename` for old
 * clients and the UTF-8 name as RFC 5987's `filename*` (RFC 6266), which current browsers use.
 */

const MAX_SLUG = 60;

/** Latin letters that no decomposition turns into ASCII. */
const LATIN: Record<string, string> = {
  æ: 'ae',
  ø: 'o',
  ß: 'ss',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * A name as a file-name part: lower case, letters and digits joined by single dashes ("Acme
 * B.V." → "acme-bv", "Café Zoë" → "cafe-zoe"). `ascii` drops what is not ASCII after accents
 * are removed and "ß", "æ", "ø"… spelled out ("Straße" → "strasse", "北京 Holding" → "holding"); otherwise other scripts' letters stay.
 */
export function fileNameSlug(name: string, { ascii = false }: { ascii?: boolean } = {}): string {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    // Abbreviations and elisions read as one word: "b.v." → "bv", "o'brien" → "obrien".
    .replace(/(\p{L})\.(?=\p{L})/gu, '$1')
    .replace(/(\p{L})['’](?=\p{L})/gu, '$1');
  const words = ascii
    ? plain.replace(/[æøßœłđðþı]/g, (c) => LATIN[c] ?? c).replace(/[^\x20-\x7e]/g, ' ')
    : plain;
  const slug = words.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  return Array.from(slug).slice(0, MAX_SLUG).join('').replace(/-+$/, '');
}

/** RFC 5987 `ext-value` characters: percent-encode everything else of the UTF-8 bytes. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment` with both names. `asciiName` must be printable ASCII without quotes or
 * backslashes (anything else is replaced by `_`); `name` may be any text.
 */
export function attachmentDisposition(name: string, asciiName: string = name): string {
  const ascii = asciiName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
