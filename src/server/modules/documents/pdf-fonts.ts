import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFFont } from 'pdf-lib';

/**
 * The fonts of the server's own PDFs (issue 14), and text measured and wrapped in them.
 *
 * DejaVu Sans, embedded: the standard PDF fonts (Helvetica…) are Latin-1 only, and a register
 * holds Łukasz, Ørsted and prices in €.
 */

// The files are found by Node's resolver, so the path is right from the sources (tsx, vitest)
// and from the bundle in dist/server alike (the package stays in node_modules). Not named
// `require`: the server bundle's banner declares one.
const resolveModule = createRequire(import.meta.url).resolve;
let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

/** The font files' bytes, read once per process. */
export function loadFontBytes(): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  fontBytes ??= Promise.all([
    readFile(resolveModule('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(resolveModule('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      fontBytes = undefined; // a later document tries again
      throw error;
    },
  );
  return fontBytes;
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

// Widths are summed per word: pdf-lib measures a text as the sum of its glyphs' advances, so a
// line's width is its words' widths plus its spaces', and each word is measured once.
const widthCache = new WeakMap<PDFFont, Map<string, number>>();

export function textWidth(font: PDFFont, size: number, text: string): number {
  let cache = widthCache.get(font);
  if (!cache) widthCache.set(font, (cache = new Map()));
  let width = cache.get(text);
  if (width === undefined) {
    width = font.widthOfTextAtSize(text, 1);
    cache.set(text, width);
  }
  return width * size;
}

export const words = (paragraph: string) => paragraph.split(/[ \t]+/).filter(Boolean);

/**
 * `text` as lines no wider than `width`: broken at spaces, at its own line breaks, and inside
 * a word only when the word alone is wider than the line.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const space = textWidth(font, size, ' ');
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    let lineWidth = 0;
    for (const word of words(paragraph)) {
      const wordWidth = textWidth(font, size, word);
      if (line && lineWidth + space + wordWidth <= width) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      lineWidth = wordWidth;
      if (wordWidth <= width) continue;
      // Longer than the line: cut between characters (code points, so no surrogate is split).
      const chars = Array.from(word);
      while (chars.length > 0 && textWidth(font, size, chars.join('')) > width) {
        let count = 1;
        while (
          count < chars.length &&
          textWidth(font, size, chars.slice(0, count + 1).join('')) <= width
        ) {
          count += 1;
        }
        lines.push(chars.splice(0, count).join(''));
      }
      line = chars.join('');
      lineWidth = textWidth(font, size, line);
    }
    lines.push(line);
  }
  return lines;
}

/** `text` on one line, cut with an ellipsis when wider than `width`. */
export function fitLine(text: string, font: PDFFont, size: number, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (textWidth(font, size, flat) <= width) return flat;
  const chars = Array.from(flat);
  while (chars.length > 0 && textWidth(font, size, `${chars.join('')}…`) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}
