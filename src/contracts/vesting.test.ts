import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeVesting, splitBetweenParts } from '../domain/vesting';
import { ALLOCATION_TYPES } from '../domain/vesting/types';
import {
  grantCreateSchema,
  VESTING_LIMITS,
  vestingPreviewRequestSchema,
  vestingTemplateCreateSchema,
  vestingTermsSchema,
} from './vesting';

/** `{ path: message }` of a parse (empty when it passed). */
function fieldsOf(result: {
  success: boolean;
  error?: { issues: readonly { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.map(String).join('.')] ??= i.message;
  return out;
}

const milestone = (id: string, amount: Record<string, unknown>, achievedDate?: string) => ({
  id,
  name: id.toUpperCase(),
  ...amount,
  ...(achievedDate ? { achievedDate } : {}),
});
const half = { numerator: 1, denominator: 2 };
const whole = { numerator: 1, denominator: 1 };
const monthly48 = { type: 'time', periodLength: 1, periodUnit: 'months', occurrences: 48 };

const preview = (quantity: number, terms: unknown, vestingStartDate = '2024-01-15') =>
  vestingPreviewRequestSchema.safeParse({ quantity, vestingStartDate, terms });

const grant = (quantity: number, terms: unknown, vestingStartDate = '2024-01-15') =>
  grantCreateSchema.safeParse({
    stakeholderId: '00000000-0000-4000-8000-000000000001',
    planId: '00000000-0000-4000-8000-000000000002',
    quantity,
    exercisePrice: '0.10',
    grantDate: '2024-01-15',
    vestingStartDate,
    terms,
  });

describe('terms never vest more than the grant (issue 11)', () => {
  const mixed = {
    type: 'milestone',
    milestones: [milestone('a', { portion: half }), milestone('b', { quantity: 600 })],
  };

  it('a fixed quantity on top of portions is refused on the milestone that overflows', () => {
    // 500 + 600 > 1,000: milestone b (index 1) is where the total passes the grant.
    for (const result of [preview(1000, mixed), grant(1000, mixed)])
      expect(fieldsOf(result)).toEqual({
        'terms.milestones.1.quantity': expect.stringMatching(/more than the 1,000 shares/),
      });
    // Exactly the quantity is fine.
    expect(preview(1200, mixed).success).toBe(true);
    expect(grant(1200, mixed).success).toBe(true);
    expect(fieldsOf(preview(1199, mixed))).toEqual({
      'terms.milestones.1.quantity': expect.stringMatching(/more than the 1,199 shares/),
    });
  });

  it('a portion after fixed quantities is named when it is the one that overflows', () => {
    const terms = {
      type: 'milestone',
      milestones: [milestone('a', { quantity: 900 }), milestone('b', { portion: half })],
    };
    expect(fieldsOf(preview(1000, terms))).toEqual({
      'terms.milestones.1.portion': expect.stringMatching(/more than the 1,000 shares/),
    });
  });

  it('a combined part whose fixed quantities pass the part is refused on that milestone', () => {
    const terms = {
      type: 'combined',
      parts: [
        { portion: { numerator: 3, denominator: 4 }, terms: monthly48 },
        {
          portion: { numerator: 1, denominator: 4 },
          terms: { type: 'milestone', milestones: [milestone('exit', { quantity: 251 })] },
        },
      ],
    };
    for (const result of [preview(1000, terms), grant(1000, terms)])
      expect(fieldsOf(result)).toEqual({
        'terms.parts.1.terms.milestones.0.quantity': expect.stringMatching(
          /more than the 250 shares of part 2/,
        ),
      });
    expect(preview(1004, terms).success).toBe(true);
  });

  it('without a quantity (templates): portions of the whole plus a fixed quantity are refused', () => {
    const terms = {
      type: 'milestone',
      milestones: [milestone('a', { portion: whole }), milestone('b', { quantity: 1 })],
    };
    expect(fieldsOf(vestingTermsSchema.safeParse(terms))).toEqual({
      'milestones.1.quantity': expect.stringMatching(/whole/),
    });
    expect(fieldsOf(vestingTemplateCreateSchema.safeParse({ name: 'T', terms }))).toEqual({
      'terms.milestones.1.quantity': expect.stringMatching(/whole/),
    });
    // Portions past the whole are refused on the milestone that passes it.
    const over = {
      type: 'milestone',
      milestones: [
        milestone('a', { portion: half }),
        milestone('b', { portion: half }),
        milestone('c', { portion: { numerator: 1, denominator: 100 } }),
      ],
    };
    expect(fieldsOf(vestingTermsSchema.safeParse(over))).toEqual({
      'milestones.2.portion': 'Milestone portions add up to more than the whole',
    });
  });

  it('property: the contract accepts exactly the terms that fit the grant; the engine never vests more', () => {
    const amount = fc.oneof(
      fc
        .tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 6 }))
        .map(([d, n]) => ({ portion: { numerator: Math.min(n, d), denominator: d } })),
      fc.integer({ min: 1, max: 400 }).map((quantity) => ({ quantity })),
    );
    const achieved = fc.option(
      fc.integer({ min: 1, max: 28 }).map((d) => `2024-03-${String(d).padStart(2, '0')}`),
      { nil: undefined },
    );
    const milestones = fc
      .array(fc.tuple(amount, achieved), { minLength: 1, maxLength: 5 })
      .map((list) => list.map(([a, d], i) => milestone(`m${i}`, a, d)));
    const milestoneTerms = fc.record({
      type: fc.constant('milestone'),
      allocation: fc.constantFrom('CUMULATIVE_ROUNDING', 'CUMULATIVE_ROUND_DOWN'),
      milestones,
    });
    const terms = fc.oneof(
      milestoneTerms,
      fc.tuple(fc.integer({ min: 0, max: 4 }), milestoneTerms).map(([n, m]) => ({
        type: 'combined',
        parts: [
          { portion: { numerator: n, denominator: 4 }, terms: monthly48 },
          {
            portion: { numerator: 4 - n, denominator: 4 },
            terms: { ...m, milestones: m.milestones.map((x) => ({ ...x, id: `p${x.id}` })) },
          },
        ],
      })),
    );
    /** Σ fixed + Σ portion × part ≤ part, exactly, for every milestone block (the rule). */
    const fits = (quantity: number, t: ReturnType<typeof JSON.parse>): boolean => {
      const blocks: [number, { portion?: typeof half; quantity?: number }[]][] =
        t.type === 'milestone'
          ? [[quantity, t.milestones]]
          : t.parts.flatMap((p: { terms: { type: string; milestones: never[] } }, k: number) =>
              p.terms.type === 'milestone'
                ? [[splitBetweenParts(quantity, t.parts)[k]!, p.terms.milestones]]
                : [],
            );
      return blocks.every(([part, list]) => {
        // Whatever the quantity: portions within the whole, no fixed quantity beside a whole.
        let pNum = 0n;
        let pDen = 1n;
        for (const m of list)
          if (m.portion) {
            pNum = pNum * BigInt(m.portion.denominator) + BigInt(m.portion.numerator) * pDen;
            pDen *= BigInt(m.portion.denominator);
          }
        if (pNum > pDen || (pNum === pDen && list.some((m) => !m.portion))) return false;
        let num = 0n;
        let den = 1n;
        for (const m of list) {
          const [n, d] = m.portion
            ? [BigInt(m.portion.numerator * part), BigInt(m.portion.denominator)]
            : [BigInt(m.quantity!), 1n];
          num = num * d + n * den;
          den *= d;
        }
        return num <= BigInt(part) * den;
      });
    };
    let accepted = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000 }), terms, (quantity, t) => {
        const parsed = preview(quantity, t);
        expect(parsed.success).toBe(fits(quantity, t));
        if (!parsed.success) return;
        accepted++;
        const result = computeVesting({ ...parsed.data, asOf: '2030-01-01' });
        const scheduled =
          result.installments.reduce((s, i) => s + i.quantity, 0) +
          result.pending.reduce((s, p) => s + p.quantity, 0);
        expect(scheduled).toBeLessThanOrEqual(quantity);
        expect(result.unvested).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 1_500 },
    );
    expect(accepted).toBeGreaterThan(150);
  }, 60_000);
});

describe('milestone terms and allocation types (issue 11)', () => {
  const terms = (allocation: string) => ({
    type: 'milestone',
    allocation,
    milestones: [milestone('a', { portion: whole })],
  });

  it.each(['CUMULATIVE_ROUNDING', 'CUMULATIVE_ROUND_DOWN'])('accepts %s', (allocation) => {
    expect(vestingTermsSchema.safeParse(terms(allocation)).success).toBe(true);
  });

  it.each(ALLOCATION_TYPES.filter((a) => !a.startsWith('CUMULATIVE')))(
    'refuses %s (front- and back-loaded types are for equal installments), naming the field',
    (allocation) => {
      expect(fieldsOf(vestingTermsSchema.safeParse(terms(allocation)))).toEqual({
        allocation: expect.stringMatching(/CUMULATIVE_ROUNDING or CUMULATIVE_ROUND_DOWN/),
      });
      const combined = {
        type: 'combined',
        parts: [
          { portion: half, terms: { ...monthly48, allocation } },
          { portion: half, terms: terms(allocation) },
        ],
      };
      // Time parts keep them.
      expect(fieldsOf(vestingTermsSchema.safeParse(combined))).toEqual({
        'parts.1.terms.allocation': expect.stringMatching(/CUMULATIVE_ROUNDING/),
      });
    },
  );
});

describe('schedule limits (issue 11)', () => {
  const time = (extra: Record<string, unknown>) => ({ ...monthly48, ...extra });

  it('accepts 365-day periods and daily vesting over years', () => {
    expect(
      vestingTermsSchema.safeParse(time({ periodUnit: 'days', periodLength: 365, occurrences: 4 }))
        .success,
    ).toBe(true);
    expect(
      vestingTermsSchema.safeParse(
        time({ periodUnit: 'days', periodLength: 1, occurrences: 1461, cliffPeriods: 365 }),
      ).success,
    ).toBe(true);
    expect(
      vestingTermsSchema.safeParse(
        time({ periodUnit: 'days', periodLength: VESTING_LIMITS.periodDays, occurrences: 2 }),
      ).success,
    ).toBe(true);
    expect(
      vestingTermsSchema.safeParse(
        time({ periodUnit: 'days', occurrences: VESTING_LIMITS.occurrences }),
      ).success,
    ).toBe(true);
  });

  it.each([
    [{ periodUnit: 'days', periodLength: 3661 }, 'periodLength'],
    [{ periodUnit: 'months', periodLength: 121 }, 'periodLength'],
    [{ periodUnit: 'days', occurrences: 10_001 }, 'occurrences'],
    [{ periodUnit: 'days', occurrences: 10_000, cliffPeriods: 10_001 }, 'cliffPeriods'],
  ])('refuses %o naming %s', (extra, field) => {
    expect(Object.keys(fieldsOf(vestingTermsSchema.safeParse(time(extra))))).toEqual([field]);
  });

  it('combined terms have at most 10,000 installments over all their parts', () => {
    const part = (occurrences: number) => ({
      portion: half,
      terms: time({ periodUnit: 'days', occurrences }),
    });
    const parse = (a: number, b: number) =>
      vestingTermsSchema.safeParse({ type: 'combined', parts: [part(a), part(b)] });
    expect(parse(5_000, 5_000).success).toBe(true);
    expect(fieldsOf(parse(5_000, 5_001))).toEqual({
      'parts.1.terms.occurrences': expect.stringMatching(/10,000 installments/),
    });
  });

  it('refuses a schedule that would leave years 0001–9999, naming the installments', () => {
    // Ten years of 120-month periods from 0001 already cannot fit: refused without a start date.
    expect(
      fieldsOf(vestingTermsSchema.safeParse(time({ periodLength: 120, occurrences: 1_000 }))),
    ).toEqual({ occurrences: expect.stringMatching(/0001–9999/) });
    // Vesting starts in year 0001 at the earliest.
    expect(fieldsOf(preview(1000, time({}), '0000-12-31'))).toEqual({
      vestingStartDate: expect.stringMatching(/0001–9999/),
    });
    expect(preview(1000, time({}), '0001-01-01').success).toBe(true);
    // With a start date, the last installment must be on or before 9999-12-31.
    expect(preview(1000, time({ occurrences: 12 }), '9998-12-31').success).toBe(true);
    expect(fieldsOf(preview(1000, time({ occurrences: 13 }), '9998-12-31'))).toEqual({
      'terms.occurrences': expect.stringMatching(/after 9999-12-31/),
    });
    expect(
      fieldsOf(grant(1000, time({ periodUnit: 'days', occurrences: 10_000 }), '9990-01-01')),
    ).toEqual({ 'terms.occurrences': expect.stringMatching(/after 9999-12-31/) });
    const combined = {
      type: 'combined',
      parts: [
        { portion: half, terms: time({ occurrences: 12 }) },
        { portion: half, terms: time({ occurrences: 24 }) },
      ],
    };
    expect(fieldsOf(preview(1000, combined, '9998-06-30'))).toEqual({
      'terms.parts.1.terms.occurrences': expect.stringMatching(/after 9999-12-31/),
    });
  });

  it('the largest schedules the contract accepts are computed whole', () => {
    const daily = preview(
      1_000_000_000,
      time({ periodUnit: 'days', occurrences: VESTING_LIMITS.occurrences, cliffPeriods: 365 }),
      '2024-01-01',
    );
    expect(daily.success).toBe(true);
    const input = {
      ...(daily as { data: Parameters<typeof computeVesting>[0] }).data,
      asOf: '2030-01-01',
      events: {
        changeOfControl: { date: '2040-01-01' },
        pauses: Array.from({ length: 20 }, (_, k) => ({
          start: `${2030 + k}-01-01`,
          end: `${2030 + k}-03-01`,
        })),
      },
      policy: {
        leaver: {
          good: { unvested: 'forfeit' as const, vested: 'keep' as const },
          bad: { unvested: 'forfeit' as const, vested: 'forfeit' as const },
        },
        acceleration: { trigger: 'single' as const, percent: 50, windowMonths: null },
        exerciseWindowMonths: 3,
      },
    };
    const result = computeVesting(input);
    expect(result.installments.reduce((s, i) => s + i.quantity, 0)).toBe(1_000_000_000);
    // How fast: `npm run bench -- --only=vesting` (bench/vesting.ts) times these terms.
  });
});
