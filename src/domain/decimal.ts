/**
 * Exact decimals as strings (OCF Numeric: `^[+-]?\d+(\.\d{1,10})?$`). Money, prices and nominal
 * values never pass through floats (style.md "Names say units").
 */
export const DECIMAL_PATTERN = /^\d{1,18}(\.\d{1,10})?$/;

/** True for a non-negative decimal string with at most 18 integer and 10 fraction digits. */
export function isDecimal(value: string): boolean {
  return DECIMAL_PATTERN.test(value);
}

/** Canonical form: no leading zeros, no trailing fraction zeros ("0010.500" → "10.5"). */
export function normalizeDecimal(value: string): string {
  const negative = value.startsWith('-');
  const body = negative || value.startsWith('+') ? value.slice(1) : value;
  const [intPart = '0', fracPart = ''] = body.split('.');
  const int = intPart.replace(/^0+(?=\d)/, '') || '0';
  const frac = fracPart.replace(/0+$/, '');
  const out = frac ? `${int}.${frac}` : int;
  return negative && out !== '0' ? `-${out}` : out;
}

const SCALE = 10n;

/** A decimal string as a scaled bigint (10 fraction digits). */
function toScaled(value: string): bigint {
  const negative = value.startsWith('-');
  const body = negative || value.startsWith('+') ? value.slice(1) : value;
  const [intPart = '0', fracPart = ''] = body.split('.');
  const scaled = BigInt(intPart + fracPart.padEnd(Number(SCALE), '0'));
  return negative ? -scaled : scaled;
}

/** Compares two decimal strings: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const x = toScaled(a);
  const y = toScaled(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * `numerator / denominator × 100` as a percentage string with `digits` fraction digits,
 * rounded half-up. Integers in, exact string out.
 */
export function percentString(numerator: bigint, denominator: bigint, digits = 4): string {
  if (denominator === 0n) return formatScaled(0n, digits);
  const factor = 10n ** BigInt(digits);
  const scaled = (numerator * 100n * factor * 2n + denominator) / (denominator * 2n);
  return formatScaled(scaled, digits);
}

/** A scaled integer (value × 10^digits) as a decimal string with exactly `digits` fraction digits. */
export function formatScaled(scaled: bigint, digits: number): string {
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const text = abs.toString().padStart(digits + 1, '0');
  const out = digits > 0 ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  return negative ? `-${out}` : out;
}
