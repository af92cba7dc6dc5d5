/**
 * A minimal MIME reader for the mails our own server sends (nodemailer: multipart/alternative
 * with a text and an HTML part, quoted-printable or base64). Enough for tests; not a general
 * parser (nodemailer ships none and we add no dependency for it).
 */

export interface ParsedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines (RFC 5322 §2.2.3), then split "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function headerParam(value: string | undefined, param: string): string | undefined {
  const match = value?.match(new RegExp(`${param}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i'));
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Quoted-printable (RFC 2045 §6.7): `=\n` soft breaks, `=XX` bytes, decoded as UTF-8. */
export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words in headers, e.g. `=?UTF-8?Q?Verify_your?=`. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_m, _charset: string, enc: string, text: string) =>
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function collect(part: Part, out: { text: string[]; html: string[] }): void {
  const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = headerParam(part.headers.get('content-type'), 'boundary');
    if (!boundary) return;
    const chunks = part.body.split(`--${boundary}`);
    // chunks[0] is the preamble; the chunk after the closing `--boundary--` starts with "--".
    for (const chunk of chunks.slice(1)) {
      if (chunk.startsWith('--')) break;
      collect(splitHeaders(chunk.replace(/^\n/, '')), out);
    }
    return;
  }
  if (type.startsWith('text/html')) out.html.push(decodeBody(part));
  else if (type.startsWith('text/plain')) out.text.push(decodeBody(part));
}

const HTML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** Every http(s) URL of the mail: hrefs of the HTML part and URLs in the text part, in order. */
export function extractLinks(text: string, html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/href\s*=\s*"([^"]+)"/gi)) {
    const url = match[1]!.replace(/&(amp|lt|gt|quot|#39);/g, (e) => HTML_ENTITIES[e] ?? e);
    if (/^https?:\/\//.test(url)) links.add(url);
  }
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')]+/g)) links.add(match[0]);
  return [...links];
}

function addresses(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((a) => (a.match(/<([^>]+)>/)?.[1] ?? a).trim().toLowerCase())
    .filter(Boolean);
}

/** Parses one raw RFC 5322 message. */
export function parseMail(raw: string): ParsedMail {
  const message = splitHeaders(raw);
  const out = { text: [] as string[], html: [] as string[] };
  collect(message, out);
  const text = out.text.join('\n').replace(/\n$/, '');
  const html = out.html.join('\n');
  return {
    to: addresses(message.headers.get('to')),
    from: decodeHeader(message.headers.get('from') ?? ''),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text,
    html,
    links: extractLinks(text, html),
  };
}
