import { addDays, addMonths, daysBetween } from './vesting/dates';

/**
 * Valuations (issue 6; domain.md "Valuations"): the figures a valuation report gives, what the
 * product computes from them, how long a valuation stays current, and the values of grants at a
 * valuation's fair market value. Pure: "today" is always passed in. Every amount is a decimal
 * string computed with bigints, never with floats.
 */

/** Why the valuation was made (domain.md: tax FMV, funding round, 409A, internal…). */
export const VALUATION_PURPOSES = [
  'tax_fmv',
  'funding_round',
  '409a',
  'internal',
  'audit',
  'other',
] as const;
export type ValuationPurpose = (typeof VALUATION_PURPOSES)[number];

/** How the value was reached (domain.md "Methods"). */
export const VALUATION_METHODS = [
  'opm',
  'pwerm',
  'hybrid',
  'dcf',
  'market_multiples',
  'net_asset_value',
  'recent_round',
  'other',
] as const;
export type ValuationMethod = (typeof VALUATION_METHODS)[number];

/**
 * A valuation's standing on a date, in order of precedence: `upcoming` (effective after the
 * date), `superseded` (a later valuation is effective), `stale` (its material event happened),
 * `expired` (after validUntil), `expiring` (validUntil within 60 days), `current`.
 */
export const VALUATION_STATUSES = [
  'upcoming',
  'superseded',
  'stale',
  'expired',
  'expiring',
  'current',
] as const;
export type ValuationStatus = (typeof VALUATION_STATUSES)[number];

/** A valuation is current for 12 months from its effective date (domain.md). */
export const VALIDITY_MONTHS = 12;
/** "Expiring": validUntil is at most this many days ahead. */
export const EXPIRING_WITHIN_DAYS = 60;
/** How far ahead an effective date may lie (a report signed before the date it values). */
export const MAX_FUTURE_MONTHS = 12;

export const EQUITY_VALUE_DIGITS = 2;
export const PER_SHARE_DIGITS = 6;
/** Percentages (change, CAGR) carry two fraction digits. */
export const PERCENT_DIGITS = 2;
/** Money totals (intrinsic value, pool value) carry two fraction digits. */
export const MONEY_DIGITS = 2;

/** Active ISO 4217 currency codes (alphabetic), without funds, metals and testing codes. */
export const ISO_4217_CODES: ReadonlySet<string> = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP ' +
    'BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP ' +
    'GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR ' +
    'KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK ' +
    'MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR ' +
    'SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS ' +
    'UAH UGX USD UYU UZS VED VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG'
  ).split(' '),
);

/** True for an active ISO 4217 alphabetic code ("EUR"; not "EURO", not "XAU"). */
export function isCurrencyCode(code: string): boolean {
  return ISO_4217_CODES.has(code);
}

// ------------------------------------------------------------------------------ exact decimals

/** A decimal as an integer number of 10^-scale units. */
interface Dec {
  units: bigint;
  scale: number;
}

/** Parses a decimal string ("-12.5", "0.000001") exactly. */
function dec(value: string): Dec {
  const negative = value.startsWith('-');
  const body = negative || value.startsWith('+') ? value.slice(1) : value;
  const [intPart = '0', fracPart = ''] = body.split('.');
  const units = BigInt((intPart || '0') + fracPart);
  return { units: negative ? -units : units, scale: fracPart.length };
}

function rescale(d: Dec, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

/** n / d rounded half-up (half away from zero, also for negative quotients). */
function divRound(n: bigint, d: bigint): bigint {
  if (d < 0n) return divRound(-n, -d);
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (abs * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** Rounds a decimal to `digits` fraction digits, half-up. */
function round(d: Dec, digits: number): bigint {
  if (d.scale <= digits) return rescale(d, digits);
  return divRound(d.units, 10n ** BigInt(d.scale - digits));
}

/** `units` × 10^-digits as a string with exactly `digits` fraction digits. */
function format(units: bigint, digits: number): string {
  const negative = units < 0n;
  const text = (negative ? -units : units).toString().padStart(digits + 1, '0');
  const out = digits > 0 ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  return negative ? `-${out}` : out;
}

function add(a: Dec, b: Dec): Dec {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

function neg(a: Dec): Dec {
  return { units: -a.units, scale: a.scale };
}

function mul(a: Dec, b: Dec): Dec {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** a − b as an exact decimal string (no trailing-zero trimming beyond the larger scale). */
export function subtractDecimal(a: string, b: string): string {
  const d = add(dec(a), neg(dec(b)));
  return format(d.units, d.scale);
}

/** a × b rounded half-up to `digits` fraction digits. */
export function multiplyDecimal(a: string, b: string, digits: number): string {
  return format(round(mul(dec(a), dec(b)), digits), digits);
}

// ------------------------------------------------------------------------------ computed fields

export interface ValuationFigures {
  enterpriseValue: string;
  debt: string;
  cash: string;
  fullyDilutedShares: number;
  /** Value of one common share before the marketability discount, when the report gives it. */
  commonValuePerShare: string | null;
  /** Discount for lack of marketability, 0–100. */
  dlomPercent: string;
}

export interface ComputedValuation {
  /** enterpriseValue − debt + cash, 2 decimals. */
  equityValue: string;
  /** equityValue ÷ fullyDilutedShares, 6 decimals half-up. */
  pricePerShare: string;
  /** (commonValuePerShare, else pricePerShare) × (1 − DLOM), 6 decimals half-up. */
  fmvPerShare: string;
}

/**
 * The figures a valuation derives (issue 6). Each step starts from the previous figure as shown
 * (equityValue at 2 decimals, pricePerShare at 6), so anyone can recompute a figure from the
 * figures next to it; each step rounds once, half-up.
 */
export function computeValuation(v: ValuationFigures): ComputedValuation {
  if (v.fullyDilutedShares <= 0) throw new RangeError('fullyDilutedShares must be positive');
  const equity = round(add(add(dec(v.enterpriseValue), neg(dec(v.debt))), dec(v.cash)), 2);
  // equity (2 decimals) ÷ shares, to 6 decimals: scale the numerator up by 10^4 first.
  const price = divRound(equity * 10n ** 4n, BigInt(v.fullyDilutedShares));
  const base: Dec = v.commonValuePerShare
    ? dec(v.commonValuePerShare)
    : { units: price, scale: PER_SHARE_DIGITS };
  // × (1 − dlom/100) = × (100 − dlom) / 100
  const keep = add({ units: 100n, scale: 0 }, neg(dec(v.dlomPercent)));
  const product = mul(base, keep);
  const fmv = round({ units: product.units, scale: product.scale + 2 }, PER_SHARE_DIGITS);
  return {
    equityValue: format(equity, EQUITY_VALUE_DIGITS),
    pricePerShare: format(price, PER_SHARE_DIGITS),
    fmvPerShare: format(fmv, PER_SHARE_DIGITS),
  };
}

/**
 * The same month and day a year later; 29 February becomes 1 March in a year without it (the
 * day after 28 February, when the year is complete).
 */
export function anniversary(date: string, years = 1): string {
  if (date.slice(5) === '02-29') {
    const next = addMonths(date, 12 * years); // clamps to 28 February in a common year
    return next.slice(5) === '02-29' ? next : addDays(next, 1);
  }
  return addMonths(date, 12 * years);
}

/**
 * Last day a valuation is current: effectiveDate + 12 months − 1 day, i.e. the day before its
 * anniversary. 2024-01-31 → 2025-01-30; 2024-02-29 → 2025-02-28; 2023-03-01 → 2024-02-29.
 */
export function validUntil(effectiveDate: string): string {
  return addDays(anniversary(effectiveDate), -1);
}

/** The latest effective date a new valuation may have, given today. */
export function latestEffectiveDate(today: string): string {
  return addMonths(today, MAX_FUTURE_MONTHS);
}

export interface DatedValuation {
  effectiveDate: string;
  materialEventDate: string | null;
}

/**
 * A valuation's status on `asOf`. `laterEffective`: another valuation of the company is effective
 * after this one and on or before `asOf` (a valuation dated in the future supersedes nothing yet).
 */
export function valuationStatus(
  v: DatedValuation,
  asOf: string,
  laterEffective: boolean,
): ValuationStatus {
  if (v.effectiveDate > asOf) return 'upcoming';
  if (laterEffective) return 'superseded';
  if (v.materialEventDate && v.materialEventDate <= asOf) return 'stale';
  const until = validUntil(v.effectiveDate);
  if (asOf > until) return 'expired';
  if (daysBetween(asOf, until) <= EXPIRING_WITHIN_DAYS) return 'expiring';
  return 'current';
}

/** Orders valuations as history: by effective date, then by when they were recorded. */
export function historyOrder<T extends { effectiveDate: string; createdAt: Date | string }>(
  a: T,
  b: T,
): number {
  if (a.effectiveDate !== b.effectiveDate) return a.effectiveDate < b.effectiveDate ? -1 : 1;
  const x = String(a.createdAt instanceof Date ? a.createdAt.toISOString() : a.createdAt);
  const y = String(b.createdAt instanceof Date ? b.createdAt.toISOString() : b.createdAt);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Statuses of a company's valuations on `asOf`, for a list in history order: each is superseded
 * once a valuation with a later effective date is effective.
 */
export function statusesOf(history: readonly DatedValuation[], asOf: string): ValuationStatus[] {
  const latestEffective = history.reduce<string | null>(
    (latest, v) =>
      v.effectiveDate <= asOf && (!latest || v.effectiveDate > latest) ? v.effectiveDate : latest,
    null,
  );
  return history.map((v) =>
    valuationStatus(v, asOf, latestEffective !== null && latestEffective > v.effectiveDate),
  );
}

/**
 * The valuation in force on `date` (history order): the latest one effective on or before it,
 * whatever its status. Null when none is effective yet.
 */
export function valuationInForce<T extends DatedValuation>(
  history: readonly T[],
  date: string,
): T | null {
  let found: T | null = null;
  for (const v of history) if (v.effectiveDate <= date) found = v;
  return found;
}

/**
 * The valuation whose FMV is valid on `date`: the one in force, unless it has expired or a
 * material event on or before the date made it stale. Null when no valid FMV exists.
 */
export function valuationValidOn<T extends DatedValuation>(
  history: readonly T[],
  date: string,
): T | null {
  const v = valuationInForce(history, date);
  if (!v) return null;
  if (v.materialEventDate && v.materialEventDate <= date) return null;
  if (date > validUntil(v.effectiveDate)) return null;
  return v;
}

export interface Change {
  /** current − previous (exact). */
  absolute: string;
  /** (current − previous) ÷ previous × 100, 2 decimals half-up; null when previous is 0. */
  percent: string | null;
}

/** Change of a per-share figure against the previous valuation's. */
export function changeOf(previous: string, current: string): Change {
  const p = dec(previous);
  const c = dec(current);
  const scale = Math.max(p.scale, c.scale);
  const diffUnits = rescale(c, scale) - rescale(p, scale);
  const prevUnits = rescale(p, scale);
  return {
    absolute: format(diffUnits, scale),
    percent:
      prevUnits === 0n
        ? null
        : format(
            divRound(diffUnits * 100n * 10n ** BigInt(PERCENT_DIGITS), prevUnits),
            PERCENT_DIGITS,
          ),
  };
}

// ------------------------------------------------------------------------------------- CAGR

/** Fixed-point precision of the CAGR computation: 40 decimal digits, far beyond the result's 2. */
const FP = 10n ** 40n;

/** ln(x / FP) × FP for x > 0, by range reduction to [1, 2) and the atanh series. */
function lnFixed(x: bigint): bigint {
  let k = 0n;
  while (x >= 2n * FP) {
    x /= 2n;
    k += 1n;
  }
  while (x < FP) {
    x *= 2n;
    k -= 1n;
  }
  return k * LN2 + atanhLn(x);
}

/** ln(x / FP) for x in [FP, 2·FP]: 2·atanh((x − 1)/(x + 1)), |y| ≤ 1/3 so it converges fast. */
function atanhLn(x: bigint): bigint {
  const y = ((x - FP) * FP) / (x + FP);
  const y2 = (y * y) / FP;
  let term = y;
  let sum = 0n;
  for (let n = 1n; term !== 0n; n += 2n) {
    sum += term / n;
    term = (term * y2) / FP;
  }
  return 2n * sum;
}

const LN2 = atanhLn(2n * FP);

/** exp(z / FP) × FP, by z = n·ln2 + r (|r| ≤ ln2/2) and the Taylor series of exp(r). */
function expFixed(z: bigint): bigint {
  const n = divRound(z, LN2);
  const r = z - n * LN2;
  let term = FP;
  let sum = FP;
  for (let k = 1n; term !== 0n; k += 1n) {
    term = (term * r) / FP / k;
    sum += term;
  }
  return n >= 0n ? sum * 2n ** n : sum / 2n ** -n;
}

/** Days per year for CAGR periods (actual days ÷ 365.25, so leap years average out). */
export const CAGR_DAYS_PER_YEAR = '365.25';

/**
 * Compound annual growth rate of a per-share value, in percent with 2 decimals (half-up):
 * ((to ÷ from)^(1 ÷ years) − 1) × 100, years = actual days ÷ 365.25. Computed in 40-digit
 * fixed point with bigints (ln and exp by series), so the result is the same on every machine.
 * Null when the period is empty or the starting value is 0; −100.00 when the value fell to 0.
 */
export function cagrPercent(
  from: { date: string; value: string },
  to: { date: string; value: string },
): string | null {
  const days = daysBetween(from.date, to.date);
  if (days <= 0) return null;
  const a = dec(from.value);
  const b = dec(to.value);
  if (a.units <= 0n || b.units < 0n) return null;
  if (b.units === 0n) return format(-100n * 10n ** BigInt(PERCENT_DIGITS), PERCENT_DIGITS);
  const scale = Math.max(a.scale, b.scale);
  const ratio = (rescale(b, scale) * FP) / rescale(a, scale);
  // exponent 1/years = 365.25 / days = 36525 / (100 · days)
  const z = (lnFixed(ratio) * 36525n) / (100n * BigInt(days));
  const growth = expFixed(z) - FP;
  return format(divRound(growth * 100n * 10n ** BigInt(PERCENT_DIGITS), FP), PERCENT_DIGITS);
}

// ---------------------------------------------------------------------------- intrinsic value

/** An exact sum of money, kept in 10^-10 units until it is shown. */
export class MoneySum {
  private units = 0n;
  private static readonly SCALE = 10;

  /** Adds max(0, value − price) × count (price null: the full value). */
  addIntrinsic(valuePerShare: string, pricePerShare: string | null, count: number): this {
    if (count <= 0) return this;
    const v = rescale(dec(valuePerShare), MoneySum.SCALE);
    const p = pricePerShare ? rescale(dec(pricePerShare), MoneySum.SCALE) : 0n;
    if (v > p) this.units += (v - p) * BigInt(count);
    return this;
  }

  /** The sum with `digits` fraction digits, half-up. */
  toString(digits = MONEY_DIGITS): string {
    return format(round({ units: this.units, scale: MoneySum.SCALE }, digits), digits);
  }
}

/** Intrinsic value of an award: max(0, FMV − exercise price) × quantity, 2 decimals half-up. */
export function intrinsicValue(
  fmvPerShare: string,
  exercisePrice: string | null,
  quantity: number,
): string {
  return new MoneySum().addIntrinsic(fmvPerShare, exercisePrice, quantity).toString();
}

/** What an exercise of options comes to, in money with two decimals (half-up). */
export interface ExerciseAmounts {
  /** quantity × exercise price: what the holder pays; null without an exercise price. */
  payable: string | null;
  /**
   * quantity × (FMV − exercise price): the gain at the FMV, negative when the options are under
   * water; null without an FMV.
   */
  spread: string | null;
}

/** The amount payable on exercise and the spread at the FMV (issue 12, the exercise dialog). */
export function exerciseAmounts(
  quantity: number,
  exercisePrice: string | null,
  fmvPerShare: string | null,
): ExerciseAmounts {
  const count = String(quantity);
  return {
    payable: exercisePrice === null ? null : multiplyDecimal(count, exercisePrice, MONEY_DIGITS),
    spread:
      fmvPerShare === null
        ? null
        : multiplyDecimal(count, subtractDecimal(fmvPerShare, exercisePrice ?? '0'), MONEY_DIGITS),
  };
}

/** −1, 0 or 1 as a is below, equal to or above b (decimal strings, any scale). */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const x = dec(a);
  const y = dec(b);
  const scale = Math.max(x.scale, y.scale);
  const d = rescale(x, scale) - rescale(y, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}
