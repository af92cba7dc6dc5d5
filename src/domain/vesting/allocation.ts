import type { AllocationType } from './types';

const MAX = Number.MAX_SAFE_INTEGER;

/** ⌊a / b⌋ for whole numbers 0 ≤ a, 0 < b with a + b ≤ MAX (a double quotient is off by ≤ 1). */
function floorDiv(a: number, b: number): number {
  let q = Math.floor(a / b);
  if (q * b > a) q--;
  else if ((q + 1) * b <= a) q++;
  return q;
}

/**
 * Splits `quantity` whole shares into `count` installments per the OCF allocation type
 * (domain.md, shown on 18 shares in 4: CUMULATIVE_ROUNDING 5-4-5-4, CUMULATIVE_ROUND_DOWN 4-5-4-5,
 * FRONT_LOADED 5-5-4-4, BACK_LOADED 4-4-5-5, FRONT_LOADED_TO_SINGLE_TRANCHE 6-4-4-4,
 * BACK_LOADED_TO_SINGLE_TRANCHE 4-4-4-6). The parts always sum to `quantity`.
 */
export function allocate(
  quantity: number,
  count: number,
  type: AllocationType = 'CUMULATIVE_ROUNDING',
): number[] {
  if (count <= 0) return [];
  const base = Math.floor(quantity / count);
  const remainder = quantity - base * count;
  switch (type) {
    case 'CUMULATIVE_ROUNDING':
    case 'CUMULATIVE_ROUND_DOWN': {
      // Plain numbers while every intermediate value is a safe integer (2·q·k + n plus the
      // divisor 2n at most 2·q·n + 3n): floorDiv then divides exactly. The common case, and fast
      // (10,000 daily installments of a billion shares stay on it).
      if (
        Number.isSafeInteger(quantity) &&
        quantity >= 0 &&
        2 * quantity * count + 3 * count <= MAX
      ) {
        const parts = new Array<number>(count);
        const down = type === 'CUMULATIVE_ROUND_DOWN';
        let previous = 0;
        for (let k = 1; k <= count; k++) {
          const cumulative = down
            ? floorDiv(quantity * k, count)
            : floorDiv(2 * quantity * k + count, 2 * count);
          parts[k - 1] = cumulative - previous;
          previous = cumulative;
        }
        return parts;
      }
      const q = BigInt(quantity);
      const n = BigInt(count);
      const parts: number[] = [];
      let previous = 0n;
      for (let k = 1n; k <= n; k++) {
        // Round half up: floor((2·q·k + n) / 2n); round down: floor(q·k / n).
        const cumulative =
          type === 'CUMULATIVE_ROUNDING' ? (2n * q * k + n) / (2n * n) : (q * k) / n;
        parts.push(Number(cumulative - previous));
        previous = cumulative;
      }
      return parts;
    }
    case 'FRONT_LOADED':
      return Array.from({ length: count }, (_, i) => base + (i < remainder ? 1 : 0));
    case 'BACK_LOADED':
      return Array.from({ length: count }, (_, i) => base + (i >= count - remainder ? 1 : 0));
    case 'FRONT_LOADED_TO_SINGLE_TRANCHE':
      return Array.from({ length: count }, (_, i) => base + (i === 0 ? remainder : 0));
    case 'BACK_LOADED_TO_SINGLE_TRANCHE':
      return Array.from({ length: count }, (_, i) => base + (i === count - 1 ? remainder : 0));
  }
}

/**
 * Splits `quantity` by fractions, in order, rounding the cumulative amount (half up, or down for
 * CUMULATIVE_ROUND_DOWN) so that fractions summing to 1 give parts summing to `quantity`.
 */
export function allocatePortions(
  quantity: number,
  portions: readonly { numerator: number; denominator: number }[],
  type: AllocationType = 'CUMULATIVE_ROUNDING',
): number[] {
  return (
    allocatePortionsExactly(quantity, portions, type) ??
    allocatePortionsBig(quantity, portions, type)
  );
}

/**
 * allocatePortionsBig on plain numbers, while every intermediate value is a whole number within
 * MAX_SAFE_INTEGER (then each operation is exact; rounding is monotone, so a result computed at
 * ≤ MAX was exact): the common case, and much faster. `undefined` otherwise (negative, fractional
 * or huge inputs), for the bigint version to handle (and to throw on, as it always did).
 */
function allocatePortionsExactly(
  quantity: number,
  portions: readonly { numerator: number; denominator: number }[],
  type: AllocationType,
): number[] | undefined {
  if (!Number.isSafeInteger(quantity) || quantity < 0) return undefined;
  const down = type === 'CUMULATIVE_ROUND_DOWN';
  const parts = new Array<number>(portions.length);
  let num = 0;
  let den = 1;
  let previous = 0;
  for (let i = 0; i < portions.length; i++) {
    const { numerator: pn, denominator: pd } = portions[i]!;
    if (!Number.isSafeInteger(pn) || pn < 0 || !Number.isSafeInteger(pd) || pd <= 0)
      return undefined;
    if (pd === den) {
      num += pn;
    } else {
      num = num * pd + pn * den;
      den = den * pd;
    }
    if (num > MAX || den > MAX) return undefined;
    let cumulative: number;
    if (down) {
      const a = quantity * num;
      if (a + den > MAX) return undefined;
      cumulative = floorDiv(a, den);
    } else {
      const a = 2 * quantity * num + den;
      if (a + 2 * den > MAX) return undefined;
      cumulative = floorDiv(a, 2 * den);
    }
    const capped = cumulative > quantity ? quantity : cumulative;
    parts[i] = capped - previous;
    previous = capped;
  }
  return parts;
}

function allocatePortionsBig(
  quantity: number,
  portions: readonly { numerator: number; denominator: number }[],
  type: AllocationType,
): number[] {
  // Exact cumulative fractions as (num, den) with bigints.
  let num = 0n;
  let den = 1n;
  let previous = 0n;
  const q = BigInt(quantity);
  return portions.map((p) => {
    const pn = BigInt(p.numerator);
    const pd = BigInt(p.denominator);
    if (pd === den) {
      num += pn;
    } else {
      num = num * pd + pn * den;
      den = den * pd;
    }
    const cumulative =
      type === 'CUMULATIVE_ROUND_DOWN' ? (q * num) / den : (2n * q * num + den) / (2n * den);
    const capped = cumulative > q ? q : cumulative;
    const part = capped - previous;
    previous = capped;
    return Number(part);
  });
}

/** A milestone's amount: a portion of the quantity, or else a fixed number of shares. */
export interface MilestoneAmount {
  portion?: { numerator: number; denominator: number } | undefined;
  quantity?: number | undefined;
}

/**
 * Whole-share amounts of milestones taken in the order given (the engine gives them in the order
 * they vest): the running total of their exact amounts (portions of `quantity` plus fixed
 * quantities) is rounded, half up or down for CUMULATIVE_ROUND_DOWN, and each amount is the
 * difference (domain.md "Milestones and combined terms"; OCF allocation_type). The running total
 * never passes `quantity`: terms that would vest more than it (the contracts refuse them; stored
 * grants from before may hold them) vest at most the quantity, the later items getting less.
 */
export function allocateInOrder(
  quantity: number,
  items: readonly MilestoneAmount[],
  type: AllocationType = 'CUMULATIVE_ROUNDING',
): number[] {
  const portions: { numerator: number; denominator: number }[] = [];
  for (const item of items) if (item.portion) portions.push(item.portion);
  // A fixed quantity F is a whole number, so rounding F + x is F + rounding x: the portions'
  // running total rounds as if alone, and the fixed quantities add to it.
  const rounded = allocatePortions(quantity, portions, type);
  const parts = new Array<number>(items.length);
  let fixed = 0;
  let portionTotal = 0;
  let previous = 0;
  let j = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.portion) portionTotal += rounded[j++]!;
    else fixed += item.quantity ?? 0;
    const total = fixed + portionTotal;
    const cumulative = total < quantity ? total : quantity;
    parts[i] = cumulative - previous;
    previous = cumulative;
  }
  return parts;
}

/**
 * How combined terms split the quantity between their parts: by the parts' portions, the running
 * total rounded down when any part rounds down (CUMULATIVE_ROUND_DOWN), so that no part of a
 * round-down grant gets a rounded-up share; half up otherwise.
 */
export function splitBetweenParts(
  quantity: number,
  parts: readonly {
    portion: { numerator: number; denominator: number };
    terms: { allocation?: AllocationType | undefined };
  }[],
): number[] {
  const down = parts.some((p) => p.terms.allocation === 'CUMULATIVE_ROUND_DOWN');
  return allocatePortions(
    quantity,
    parts.map((p) => p.portion),
    down ? 'CUMULATIVE_ROUND_DOWN' : 'CUMULATIVE_ROUNDING',
  );
}
