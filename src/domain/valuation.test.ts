import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anniversary,
  cagrPercent,
  changeOf,
  compareDecimals,
  computeValuation,
  exerciseAmounts,
  intrinsicValue,
  isCurrencyCode,
  latestEffectiveDate,
  MoneySum,
  statusesOf,
  validUntil,
  valuationInForce,
  valuationStatus,
  valuationValidOn,
} from './valuation';

const figures = (over: Partial<Parameters<typeof computeValuation>[0]> = {}) => ({
  enterpriseValue: '10000000',
  debt: '2000000',
  cash: '500000',
  fullyDilutedShares: 1_000_000,
  commonValuePerShare: null,
  dlomPercent: '0',
  ...over,
});

describe('computeValuation (worked examples)', () => {
  it.each([
    // EV 10m − debt 2m + cash 0.5m = 8.5m over 1m shares; 30 % DLOM on the price per share.
    [figures({ dlomPercent: '30' }), '8500000.00', '8.500000', '5.950000'],
    // The report's common value before discount wins over the price per share.
    [
      figures({ commonValuePerShare: '4.00', dlomPercent: '25' }),
      '8500000.00',
      '8.500000',
      '3.000000',
    ],
    // 1000 / 3 and 1000 / 6: 6 decimals, half-up.
    [
      figures({ enterpriseValue: '1000', debt: '0', cash: '0', fullyDilutedShares: 3 }),
      '1000.00',
      '333.333333',
      '333.333333',
    ],
    [
      figures({ enterpriseValue: '1000', debt: '0', cash: '0', fullyDilutedShares: 6 }),
      '1000.00',
      '166.666667',
      '166.666667',
    ],
    // An exact tie at the 7th decimal rounds up: 1.00 / 2,000,000 = 0.0000005.
    [
      figures({ enterpriseValue: '1', debt: '0', cash: '0', fullyDilutedShares: 2_000_000 }),
      '1.00',
      '0.000001',
      '0.000001',
    ],
    // Equity value at 2 decimals, half-up; the price starts from the shown equity value.
    [
      figures({ enterpriseValue: '100.005', debt: '0', cash: '0', fullyDilutedShares: 1 }),
      '100.01',
      '100.010000',
      '100.010000',
    ],
    [
      figures({ enterpriseValue: '100.004', debt: '0', cash: '0', fullyDilutedShares: 1 }),
      '100.00',
      '100.000000',
      '100.000000',
    ],
    // FMV tie: 1.000001 × 0.5 = 0.5000005 → 0.500001.
    [
      figures({ commonValuePerShare: '1.000001', dlomPercent: '50' }),
      '8500000.00',
      '8.500000',
      '0.500001',
    ],
    // A fractional DLOM: 12.5 % off 8 = 7.
    [
      figures({ commonValuePerShare: '8', dlomPercent: '12.5' }),
      '8500000.00',
      '8.500000',
      '7.000000',
    ],
    // DLOM 100 %: nothing left.
    [figures({ dlomPercent: '100' }), '8500000.00', '8.500000', '0.000000'],
    // Large figures stay exact (no float would hold these digits).
    [
      figures({
        enterpriseValue: '123456789012345678.1234567891',
        debt: '0.0000000001',
        cash: '0',
        fullyDilutedShares: 7,
      }),
      '123456789012345678.12',
      '17636684144620811.160000',
      '17636684144620811.160000',
    ],
  ])('%o → equity %s, price %s, FMV %s', (input, equityValue, pricePerShare, fmvPerShare) => {
    expect(computeValuation(input)).toEqual({ equityValue, pricePerShare, fmvPerShare });
  });

  it('the price per share times the shares gives back the equity value within half a unit per share', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        (cents, shares) => {
          const ev = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
          const { equityValue, pricePerShare } = computeValuation(
            figures({ enterpriseValue: ev, debt: '0', cash: '0', fullyDilutedShares: shares }),
          );
          expect(equityValue).toBe(ev);
          const price = BigInt(pricePerShare.replace('.', '')); // 10^-6 units
          const equity = cents * 10n ** 4n; // 10^-6 units
          const error = price * BigInt(shares) - equity;
          expect(2n * (error < 0n ? -error : error) <= BigInt(shares)).toBe(true);
        },
      ),
    );
  });

  it('FMV never exceeds the price per share without a common value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10000 }),
        (ev, shares, dlomBp) => {
          const dlomPercent = `${Math.floor(dlomBp / 100)}.${String(dlomBp % 100).padStart(2, '0')}`;
          const r = computeValuation(
            figures({
              enterpriseValue: String(ev),
              debt: '0',
              cash: '0',
              fullyDilutedShares: shares,
              dlomPercent,
            }),
          );
          expect(compareDecimals(r.fmvPerShare, r.pricePerShare)).toBeLessThanOrEqual(0);
        },
      ),
    );
  });
});

describe('validUntil: effective date + 12 months − 1 day', () => {
  it.each([
    ['2024-01-01', '2024-12-31'],
    ['2024-01-31', '2025-01-30'],
    ['2024-06-30', '2025-06-29'],
    ['2024-12-31', '2025-12-30'],
    // 29 February: its anniversary in a common year is 1 March, so valid through 28 February.
    ['2024-02-29', '2025-02-28'],
    // Into a leap year: the day before 1 March 2024 is 29 February.
    ['2023-03-01', '2024-02-29'],
    ['2024-03-01', '2025-02-28'],
    ['2023-02-28', '2024-02-27'],
    ['2027-02-28', '2028-02-27'],
  ])('%s → %s', (effective, until) => {
    expect(validUntil(effective)).toBe(until);
  });

  it('anniversaries of 29 February land on 1 March, or on 29 February four years on', () => {
    expect(anniversary('2024-02-29')).toBe('2025-03-01');
    expect(anniversary('2024-02-29', 4)).toBe('2028-02-29');
    expect(latestEffectiveDate('2025-06-15')).toBe('2026-06-15');
  });

  it('covers 365 or 366 days, ending the day before the anniversary', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (d) => {
          const start = d.toISOString().slice(0, 10);
          const until = validUntil(start);
          const days = (Date.parse(until) - Date.parse(start)) / 86_400_000 + 1;
          expect([365, 366]).toContain(days);
          expect(until < anniversary(start)).toBe(true);
        },
      ),
    );
  });
});

describe('valuationStatus on a date', () => {
  const v = { effectiveDate: '2024-01-01', materialEventDate: null }; // valid through 2024-12-31
  it.each([
    ['2023-12-31', 'upcoming'],
    ['2024-01-01', 'current'],
    ['2024-10-31', 'current'], // 61 days left
    ['2024-11-01', 'expiring'], // 60 days left
    ['2024-12-31', 'expiring'],
    ['2025-01-01', 'expired'],
  ])('%s → %s', (asOf, status) => {
    expect(valuationStatus(v, asOf, false)).toBe(status);
  });

  it('a material event makes it stale from its date; a later valuation supersedes it', () => {
    const stale = { ...v, materialEventDate: '2024-05-01' };
    expect(valuationStatus(stale, '2024-04-30', false)).toBe('current');
    expect(valuationStatus(stale, '2024-05-01', false)).toBe('stale');
    expect(valuationStatus(stale, '2025-06-01', false)).toBe('stale'); // stale before expired
    expect(valuationStatus(stale, '2024-05-01', true)).toBe('superseded'); // superseded first
  });

  it('across a leap day: 2024-02-29 is expiring from 2024-12-30 and expired on 2025-03-01', () => {
    const leap = { effectiveDate: '2024-02-29', materialEventDate: null };
    expect(valuationStatus(leap, '2024-12-29', false)).toBe('current');
    expect(valuationStatus(leap, '2024-12-30', false)).toBe('expiring');
    expect(valuationStatus(leap, '2025-02-28', false)).toBe('expiring');
    expect(valuationStatus(leap, '2025-03-01', false)).toBe('expired');
  });

  it('statusesOf: only a valuation already effective supersedes the earlier ones', () => {
    const history = [
      { effectiveDate: '2023-01-01', materialEventDate: null },
      { effectiveDate: '2024-01-01', materialEventDate: null },
      { effectiveDate: '2024-01-01', materialEventDate: null }, // same day, other purpose
      { effectiveDate: '2024-09-01', materialEventDate: null },
    ];
    expect(statusesOf(history, '2024-06-01')).toEqual([
      'superseded',
      'current',
      'current',
      'upcoming',
    ]);
    expect(statusesOf(history, '2024-09-01')).toEqual([
      'superseded',
      'superseded',
      'superseded',
      'current',
    ]);
  });
});

describe('valuation in force and valid FMV on a date', () => {
  const history = [
    { id: 'a', effectiveDate: '2023-01-01', materialEventDate: null },
    { id: 'b', effectiveDate: '2024-01-01', materialEventDate: '2024-06-01' },
  ];
  it.each([
    ['2022-12-31', null, null],
    ['2023-01-01', 'a', 'a'],
    ['2023-12-31', 'a', 'a'],
    ['2024-05-31', 'b', 'b'],
    ['2024-06-01', 'b', null], // stale from the material event
  ])('%s: in force %s, valid %s', (date, inForce, valid) => {
    expect(valuationInForce(history, date)?.id ?? null).toBe(inForce);
    expect(valuationValidOn(history, date)?.id ?? null).toBe(valid);
  });

  it('an expired valuation gives no valid FMV', () => {
    const one = [{ id: 'a', effectiveDate: '2023-01-01', materialEventDate: null }];
    expect(valuationValidOn(one, '2023-12-31')?.id).toBe('a');
    expect(valuationValidOn(one, '2024-01-01')).toBeNull();
  });
});

describe('changeOf', () => {
  it.each([
    ['8.500000', '10.200000', '1.700000', '20.00'],
    ['3.000000', '2.000000', '-1.000000', '-33.33'],
    ['3.000000', '1.000000', '-2.000000', '-66.67'], // half away from zero
    ['0.000000', '1.000000', '1.000000', null],
    ['1.5', '1.500000', '0.000000', '0.00'],
    ['8', '8.000001', '0.000001', '0.00'],
  ])('%s → %s: %s (%s %)', (previous, current, absolute, percent) => {
    expect(changeOf(previous, current)).toEqual({ absolute, percent });
  });
});

describe('cagrPercent (actual days ÷ 365.25, 2 decimals)', () => {
  it.each([
    // Exactly 4 years (1461 days): 1.2^4 = 2.0736 → 20.00 %.
    ['2021-01-01', '1.00', '2025-01-01', '2.0736', '20.00'],
    // 731 days are 2.0014 years: 1.21 over them is a little under 10 %.
    ['2020-01-01', '1', '2022-01-01', '1.21', '9.99'],
    // Half a year annualised: 1.1^(365.25/182) − 1 = 21.079… %.
    ['2024-01-01', '1', '2024-07-01', '1.1', '21.08'],
    // A fall: 2 → 1 over 365 days.
    ['2024-01-01', '2', '2024-12-31', '1', '-50.02'],
    ['2024-01-01', '2', '2025-01-01', '2', '0.00'],
    ['2024-01-01', '2', '2025-01-01', '0', '-100.00'],
  ])('%s %s → %s %s: %s %', (d0, v0, d1, v1, expected) => {
    expect(cagrPercent({ date: d0, value: v0 }, { date: d1, value: v1 })).toBe(expected);
  });

  it('is null without a period or from zero', () => {
    expect(
      cagrPercent({ date: '2024-01-01', value: '1' }, { date: '2024-01-01', value: '2' }),
    ).toBeNull();
    expect(
      cagrPercent({ date: '2024-01-01', value: '0' }, { date: '2025-01-01', value: '2' }),
    ).toBeNull();
  });

  it('agrees with floating point to the cent of a percent on random inputs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 30, max: 5000 }),
        (a, b, days) => {
          const to = new Date(Date.UTC(2020, 0, 1 + days)).toISOString().slice(0, 10);
          const exact = Number(
            cagrPercent({ date: '2020-01-01', value: `${a}` }, { date: to, value: `${b}` }),
          );
          const approx = ((b / a) ** (365.25 / days) - 1) * 100;
          if (Math.abs(approx) < 1e6)
            expect(Math.abs(exact - approx)).toBeLessThanOrEqual(0.005 + Math.abs(approx) * 1e-12);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('intrinsic value', () => {
  it.each([
    ['5.950000', '0.10', 1000, '5850.00'],
    ['5.950000', '6.00', 1000, '0.00'], // underwater: never negative
    ['5.950000', null, 3, '17.85'], // no exercise price (RSU): the full value
    ['0.333333', '0', 3, '1.00'], // 0.999999 → 1.00 half-up
    ['0.000004', '0', 1000, '0.00'], // 0.004
    ['0.000005', '0', 1000, '0.01'], // 0.005 half-up
  ])('FMV %s, price %s × %i → %s', (fmv, price, quantity, expected) => {
    expect(intrinsicValue(fmv, price, quantity)).toBe(expected);
  });

  it('sums exactly before rounding once', () => {
    const sum = new MoneySum();
    for (let i = 0; i < 3; i++) sum.addIntrinsic('0.333333', null, 1);
    expect(sum.toString()).toBe('1.00');
  });
});

describe('currencies', () => {
  it.each([
    ['EUR', true],
    ['USD', true],
    ['GBP', true],
    ['CHF', true],
    ['XYZ', false],
    ['EURO', false],
    ['eur', false],
    ['XAU', false],
  ])('%s: %s', (code, ok) => {
    expect(isCurrencyCode(code)).toBe(ok);
  });
});

describe('exerciseAmounts: what an exercise costs and its spread at the FMV', () => {
  it.each([
    // quantity, exercise price, FMV, payable, spread
    [1000, '0.10', '1.50', '100.00', '1400.00'],
    [10000, '0.10', '0.10', '1000.00', '0.00'],
    // Under water: the spread is negative (the dialog says so; intrinsic value would be 0).
    [1000, '0.10', '0.05', '100.00', '-50.00'],
    // Six-decimal prices, rounded half-up to cents at the end.
    [333, '0.123456', '0.5', '41.11', '125.39'],
    [1, '0.005', '0.015', '0.01', '0.01'],
    [7, '12.50', null, '87.50', null],
    // No exercise price (an RSU, say): nothing payable, the whole FMV is the spread.
    [200, null, '2.25', null, '450.00'],
  ] as const)('%i at %s, FMV %s: pay %s, spread %s', (quantity, price, fmv, payable, spread) => {
    expect(exerciseAmounts(quantity, price, fmv)).toEqual({ payable, spread });
  });

  it('makes the spread equal the intrinsic value whenever the options are in the money', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (quantity, priceMicros, fmvMicros) => {
          const price = (priceMicros / 1e6).toFixed(6);
          const fmv = (fmvMicros / 1e6).toFixed(6);
          const { spread } = exerciseAmounts(quantity, price, fmv);
          if (fmvMicros >= priceMicros) expect(spread).toBe(intrinsicValue(fmv, price, quantity));
          else expect(spread!.startsWith('-') || spread === '0.00').toBe(true);
        },
      ),
    );
  });
});
