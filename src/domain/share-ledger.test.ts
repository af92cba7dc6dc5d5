import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addRange,
  holdingsByStakeholder,
  nextShareNumbers,
  removeRange,
  replayLedger,
  type LedgerEvent,
} from './share-ledger';

let seq = 0;
function ev(
  partial: Partial<LedgerEvent> & Pick<LedgerEvent, 'type' | 'date' | 'shareCount'>,
): LedgerEvent {
  seq += 1;
  return {
    id: `e${seq}`,
    seq,
    shareClassId: 'A',
    fromStakeholderId: null,
    toStakeholderId: null,
    firstShareNumber: null,
    lastShareNumber: null,
    ...partial,
  };
}

const issue = (to: string, date: string, count: number, first?: number) =>
  ev({
    type: 'issue',
    date,
    shareCount: count,
    toStakeholderId: to,
    firstShareNumber: first ?? null,
    lastShareNumber: first === undefined ? null : first + count - 1,
  });
const transfer = (from: string, to: string, date: string, count: number, first?: number) =>
  ev({
    type: 'transfer',
    date,
    shareCount: count,
    fromStakeholderId: from,
    toStakeholderId: to,
    firstShareNumber: first ?? null,
    lastShareNumber: first === undefined ? null : first + count - 1,
  });
const cancel = (from: string, date: string, count: number, first?: number) =>
  ev({
    type: 'cancel',
    date,
    shareCount: count,
    fromStakeholderId: from,
    firstShareNumber: first ?? null,
    lastShareNumber: first === undefined ? null : first + count - 1,
  });

function held(events: LedgerEvent[], asOf?: string) {
  const { holdings, violation } = replayLedger(events, { asOf });
  expect(violation).toBeNull();
  return Object.fromEntries(holdingsByStakeholder(holdings));
}

describe('replayLedger', () => {
  it('derives holdings from issues, transfers and cancellations', () => {
    const events = [
      issue('anna', '2024-01-10', 6000, 1),
      issue('bart', '2024-01-10', 4000, 6001),
      transfer('anna', 'stak', '2024-06-01', 1000, 5001),
      cancel('bart', '2025-01-01', 500, 9501),
    ];
    expect(held(events)).toEqual({
      anna: { A: 5000 },
      bart: { A: 3500 },
      stak: { A: 1000 },
    });
  });

  it('replays only events on or before the as-of date', () => {
    const events = [issue('anna', '2024-01-10', 100), transfer('anna', 'bart', '2024-03-01', 40)];
    expect(held(events, '2024-01-09')).toEqual({});
    expect(held(events, '2024-02-29')).toEqual({ anna: { A: 100 } });
    expect(held(events, '2024-03-01')).toEqual({ anna: { A: 60 }, bart: { A: 40 } });
  });

  it('orders by date, not by order of entry: a back-dated issue funds a later transfer', () => {
    const later = transfer('anna', 'bart', '2024-05-01', 10);
    const earlier = issue('anna', '2024-01-01', 10);
    expect(held([later, earlier])).toEqual({ bart: { A: 10 } });
  });

  it.each([
    [
      'transfer of more shares than held',
      [issue('a', '2024-01-01', 10), transfer('a', 'b', '2024-02-01', 11)],
      'INSUFFICIENT_SHARES',
      10,
    ],
    [
      'transfer dated before the issue',
      [issue('a', '2024-03-01', 10), transfer('a', 'b', '2024-02-01', 5)],
      'INSUFFICIENT_SHARES',
      0,
    ],
    [
      'cancel beyond the holding',
      [issue('a', '2024-01-01', 10), cancel('a', '2024-02-01', 20)],
      'INSUFFICIENT_SHARES',
      10,
    ],
    [
      'overlapping share numbers',
      [issue('a', '2024-01-01', 100, 1), issue('b', '2024-01-02', 10, 95)],
      'SHARE_NUMBERS_OVERLAP',
      0,
    ],
    [
      'share numbers of a cancelled issue are not issued again',
      [
        issue('a', '2024-01-01', 10, 1),
        cancel('a', '2024-01-02', 10, 1),
        issue('b', '2024-01-03', 10, 1),
      ],
      'SHARE_NUMBERS_OVERLAP',
      0,
    ],
    [
      'transfer of numbers the holder does not have',
      [issue('a', '2024-01-01', 100, 1), transfer('a', 'b', '2024-02-01', 10, 101)],
      'SHARE_NUMBERS_NOT_HELD',
      100,
    ],
    [
      'unnumbered transfer from a numbered holding',
      [issue('a', '2024-01-01', 100, 1), transfer('a', 'b', '2024-02-01', 10)],
      'SHARE_NUMBERS_REQUIRED',
      0,
    ],
  ] as const)('refuses %s', (_name, events, code, available) => {
    const result = replayLedger(events as unknown as LedgerEvent[]);
    expect(result.violation?.code).toBe(code);
    expect(result.violation?.available).toBe(available);
    expect(result.violation?.eventId).toBe((events as unknown as LedgerEvent[]).at(-1)!.id);
  });

  it('keeps outstanding shares within the shares authorized, counting cancellations', () => {
    const events = [
      issue('a', '2024-01-01', 80),
      cancel('a', '2024-02-01', 30),
      issue('b', '2024-03-01', 50),
    ];
    const authorized = new Map([['A', 100]]);
    expect(replayLedger(events, { authorized }).violation).toBeNull();
    const over = [...events, issue('c', '2024-04-01', 1)];
    expect(replayLedger(over, { authorized }).violation).toMatchObject({
      code: 'SHARES_AUTHORIZED_EXCEEDED',
      requested: 101,
      available: 100,
    });
  });

  it('allows different classes to reuse share numbers', () => {
    const b = { ...issue('b', '2024-01-01', 10, 1), shareClassId: 'B' };
    expect(held([issue('a', '2024-01-01', 10, 1), b])).toEqual({ a: { A: 10 }, b: { B: 10 } });
  });

  it('keeps receipts of a STAK within its shares of the class, at every date', () => {
    const events = [issue('stak', '2024-01-01', 100), transfer('stak', 'x', '2024-06-01', 50)];
    const receipt = (date: string, count: number) => ({
      id: `r-${date}-${count}`,
      date,
      stakStakeholderId: 'stak',
      shareClassId: 'A',
      receiptCount: count,
    });
    expect(replayLedger(events, { receipts: [receipt('2024-07-01', 50)] }).violation).toBeNull();
    expect(replayLedger(events, { receipts: [receipt('2024-07-01', 51)] }).violation).toMatchObject(
      {
        code: 'RECEIPTS_EXCEED_SHARES',
        requested: 51,
        available: 50,
      },
    );
    // 80 receipts in February were covered then, but the June transfer leaves only 50 shares.
    expect(replayLedger(events, { receipts: [receipt('2024-02-01', 80)] }).violation).toMatchObject(
      {
        code: 'RECEIPTS_EXCEED_SHARES',
        eventId: events[1]!.id,
      },
    );
    // Receipts dated before the STAK holds anything.
    expect(replayLedger(events, { receipts: [receipt('2023-12-31', 1)] }).violation?.code).toBe(
      'RECEIPTS_EXCEED_SHARES',
    );
  });
});

describe('share ranges', () => {
  it('adds with merging and removes from the middle', () => {
    expect(addRange([{ first: 1, last: 10 }], { first: 11, last: 20 })).toEqual([
      { first: 1, last: 20 },
    ]);
    expect(removeRange([{ first: 1, last: 20 }], { first: 5, last: 9 })).toEqual([
      { first: 1, last: 4 },
      { first: 10, last: 20 },
    ]);
    expect(
      removeRange(
        [
          { first: 1, last: 4 },
          { first: 10, last: 20 },
        ],
        { first: 3, last: 11 },
      ),
    ).toBeNull();
  });

  it('property: transfers and cancellations never create or lose shares', () => {
    const holders = ['a', 'b', 'c'];
    const step = fc.record({
      kind: fc.constantFrom('issue', 'transfer', 'cancel'),
      from: fc.constantFrom(...holders),
      to: fc.constantFrom(...holders),
      count: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const events: LedgerEvent[] = [];
        let issued = 0;
        let cancelled = 0;
        steps.forEach((s, i) => {
          const date = `2024-01-${String((i % 28) + 1).padStart(2, '0')}`;
          const next =
            s.kind === 'issue'
              ? issue(s.to, date, s.count)
              : s.kind === 'transfer'
                ? transfer(s.from, s.to === s.from ? 'c' : s.to, date, s.count)
                : cancel(s.from, date, s.count);
          // Keep only events the ledger accepts, as the API does.
          if (replayLedger([...events, next]).violation) return;
          events.push(next);
          if (s.kind === 'issue') issued += s.count;
          if (s.kind === 'cancel') cancelled += s.count;
        });
        const holdings = holdingsByStakeholder(replayLedger(events).holdings);
        const total = [...holdings.values()].reduce((sum, row) => sum + (row.A ?? 0), 0);
        expect(total).toBe(issued - cancelled);
        for (const row of holdings.values()) expect(row.A).toBeGreaterThan(0);
      }),
    );
  });
});

describe('nextShareNumbers', () => {
  it('is one past the highest number ever issued in each class, cancelled numbers included', () => {
    const events = [
      issue('ann', '2024-01-01', 100, 1),
      issue('bob', '2024-02-01', 50, 301),
      // Entered later, numbered lower: the highest number counts, not the latest issue.
      issue('eve', '2024-03-01', 200, 101),
      cancel('bob', '2024-04-01', 50, 301),
      transfer('ann', 'eve', '2024-05-01', 10, 1),
      { ...issue('ann', '2024-01-01', 10, 1), shareClassId: 'B' },
    ];
    expect(held(events)).toBeTruthy();
    expect(Object.fromEntries(nextShareNumbers(events))).toEqual({ A: 351, B: 11 });
  });

  it('suggests nothing for a class kept by count, and leaves classes without issues out', () => {
    const byCount = [issue('ann', '2024-01-01', 100), issue('bob', '2024-01-02', 5)];
    expect(Object.fromEntries(nextShareNumbers(byCount))).toEqual({ A: null });
    // Unnumbered shares next to numbered ones (an exercise, say): numbering goes on.
    expect(
      Object.fromEntries(nextShareNumbers([...byCount, issue('eve', '2024-02-01', 10, 1)])),
    ).toEqual({ A: 11 });
    expect(nextShareNumbers([]).size).toBe(0);
  });

  it('has no number left past the cap', () => {
    expect(nextShareNumbers([issue('ann', '2024-01-01', 1, 1_000_000_000_000)]).get('A')).toBe(
      null,
    );
  });

  it('never suggests a number that clashes with the register (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            first: fc.integer({ min: 1, max: 10_000 }),
            count: fc.integer({ min: 1, max: 100 }),
          }),
          {
            maxLength: 20,
          },
        ),
        fc.integer({ min: 1, max: 1000 }),
        (ranges, count) => {
          seq = 0;
          // Keep the ranges that do not overlap earlier ones: a valid register.
          const events: LedgerEvent[] = [];
          for (const r of ranges) {
            const candidate = [...events, issue('ann', '2024-01-01', r.count, r.first)];
            if (replayLedger(candidate).violation === null) events.push(candidate.at(-1)!);
          }
          const next = nextShareNumbers(events).get('A') ?? 1;
          const withNext = [...events, issue('bob', '2024-06-01', count, next!)];
          expect(replayLedger(withNext).violation).toBeNull();
        },
      ),
    );
  });
});
