import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The colour tokens of styles.css meet WCAG 2.2 AA for the text the app sets on them (4.5:1), in
 * the light and the dark theme, on each surface they are used on — including the tinted notices
 * (`bg-destructive/10 text-destructive` on the page's background), which axe once measured at
 * 4.49:1 in account settings (issue 23). The journeys' axe checks see only what they happen to
 * visit while it is on screen; this reads the tokens themselves.
 */

const css = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'styles.css'),
  'utf8',
);

type Oklch = [number, number, number];

function tokens(block: string): Map<string, Oklch> {
  const out = new Map<string, Oklch>();
  for (const [, name, l, c, h] of block.matchAll(
    /--color-([a-z0-9-]+):\s*oklch\(([\d.]+)\s+([\d.]+)\s+([\d.]+)\)/g,
  ))
    out.set(name!, [Number(l), Number(c), Number(h)]);
  return out;
}

const light = tokens(/@theme \{([\s\S]*?)\n\}/.exec(css)![1]!);
const dark = new Map([...light, ...tokens(/html\.dark \{([\s\S]*?)\n {2}\}/.exec(css)![1]!)]);

/** OKLCH to linear sRGB (Björn Ottosson's matrices), clipped to the gamut. */
function linear([L, C, h]: Oklch): number[] {
  const a = C * Math.cos((h * Math.PI) / 180);
  const b = C * Math.sin((h * Math.PI) / 180);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ].map((x) => Math.min(1, Math.max(0, x)));
}

const encode = (x: number) => (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055);
const decode = (x: number) => (x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);

/** `color` at `alpha` over `under`, composited as the browser does (in gamma-encoded sRGB). */
function over(color: number[], alpha: number, under: number[]): number[] {
  return color.map((x, i) => decode(alpha * encode(x) + (1 - alpha) * encode(under[i]!)));
}

const luminance = ([r, g, b]: number[]) => 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;

function ratio(a: number[], b: number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Text token on a surface token, optionally on a tint of the text's colour (`bg-x/10`). */
const PAIRS: [text: string, surface: string, tint?: number][] = [
  ['foreground', 'background'],
  ['card-foreground', 'card'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'card'],
  ['muted-foreground', 'muted'],
  ['primary', 'background'],
  ['primary', 'card'],
  ['primary-foreground', 'primary'],
  ['secondary-foreground', 'secondary'],
  ['accent-foreground', 'accent'],
  ['destructive', 'background'],
  ['destructive', 'card'],
  ['destructive', 'background', 0.1],
  ['destructive', 'card', 0.1],
  ['destructive-foreground', 'destructive'],
  ['warning-foreground', 'warning'],
];

describe.each([
  ['light', light],
  ['dark', dark],
] as const)('the %s theme', (_theme, theme) => {
  it.each(PAIRS)('%s on %s (tint %s) reaches 4.5:1', (text, surface, tint) => {
    const fg = linear(theme.get(text)!);
    const base = linear(theme.get(surface)!);
    const bg = tint === undefined ? base : over(fg, tint, base);
    expect(ratio(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });
});
