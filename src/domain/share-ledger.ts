import { MAX_SHARE_COUNT, type ShareEventType } from './equity';

/**
 * The shareholders' register as a ledger (issue 4): holdings are never stored, they are the
 * replay of issue, transfer and cancel events in date order. The same replay validates a new or
 * changed event against everything else in the register, so a rejected write changes nothing.
 */

/** One event of the register, as the engine needs it. */
export interface LedgerEvent {
  id: string;
  type: ShareEventType;
  /** ISO date `YYYY-MM-DD`. */
  date: string;
  /** Tie-break for events on the same date (order of entry). */
  seq: number;
  shareClassId: string;
  shareCount: number;
  fromStakeholderId: string | null;
  toStakeholderId: string | null;
  firstShareNumber: number | null;
  lastShareNumber: number | null;
}

/** One line of the depositary-receipt register: a STAK's receipts held by someone. */
export interface LedgerReceipt {
  id: string;
  date: string;
  stakStakeholderId: string;
  shareClassId: string;
  receiptCount: number;
}

/** An inclusive range of share numbers. */
export interface ShareRange {
  first: number;
  last: number;
}

/** What one stakeholder holds of one class. */
export interface Holding {
  count: number;
  /** Numbered shares, sorted and non-overlapping. */
  ranges: ShareRange[];
  /** Shares registered without numbers. */
  unnumbered: number;
}

export type LedgerViolationCode =
  | 'INSUFFICIENT_SHARES'
  | 'SHARE_NUMBERS_OVERLAP'
  | 'SHARE_NUMBERS_NOT_HELD'
  | 'SHARE_NUMBERS_REQUIRED'
  | 'RECEIPTS_EXCEED_SHARES'
  | 'SHARES_AUTHORIZED_EXCEEDED'
  | 'TOTAL_TOO_LARGE';

/** Why the register would become inconsistent, and which event or receipt causes it. */
export interface LedgerViolation {
  code: LedgerViolationCode;
  eventId: string;
  /** The request field the violation is about. */
  field: string;
  date: string;
  shareClassId: string;
  stakeholderId: string | null;
  /** Numbers for the message: what was asked and what was there. */
  requested: number;
  available: number;
  range?: ShareRange;
}

/** Holdings per class, per stakeholder. */
export type Holdings = Map<string, Map<string, Holding>>;

export interface ReplayResult {
  holdings: Holdings;
  violation: LedgerViolation | null;
}

/** Events in register order: by date, then by order of entry. */
export function sortEvents<T extends { date: string; seq: number }>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq));
}

function emptyHolding(): Holding {
  return { count: 0, ranges: [], unnumbered: 0 };
}

function holdingOf(holdings: Holdings, classId: string, stakeholderId: string): Holding {
  let byHolder = holdings.get(classId);
  if (!byHolder) {
    byHolder = new Map();
    holdings.set(classId, byHolder);
  }
  let holding = byHolder.get(stakeholderId);
  if (!holding) {
    holding = emptyHolding();
    byHolder.set(stakeholderId, holding);
  }
  return holding;
}

function rangeOf(event: LedgerEvent): ShareRange | null {
  return event.firstShareNumber !== null && event.lastShareNumber !== null
    ? { first: event.firstShareNumber, last: event.lastShareNumber }
    : null;
}

/**
 * Adds a range to a sorted list of disjoint ranges, merging neighbours. One pass, no sort (the
 * register replays this for every event: 20,000 events must stay in milliseconds).
 */
export function addRange(ranges: ShareRange[], range: ShareRange): ShareRange[] {
  const merged: ShareRange[] = [];
  let i = 0;
  // Ranges wholly before the new one and not adjacent to it stay as they are.
  while (i < ranges.length && ranges[i]!.last + 1 < range.first) merged.push({ ...ranges[i++]! });
  // The new range swallows every range it overlaps or touches.
  const joined = { ...range };
  while (i < ranges.length && ranges[i]!.first <= joined.last + 1) {
    joined.first = Math.min(joined.first, ranges[i]!.first);
    joined.last = Math.max(joined.last, ranges[i]!.last);
    i++;
  }
  merged.push(joined);
  while (i < ranges.length) merged.push({ ...ranges[i++]! });
  return merged;
}

/** Removes a range that lies wholly inside the list; null when it does not. */
export function removeRange(ranges: ShareRange[], range: ShareRange): ShareRange[] | null {
  const index = ranges.findIndex((r) => r.first <= range.first && range.last <= r.last);
  if (index < 0) return null;
  const host = ranges[index]!;
  const pieces: ShareRange[] = [];
  if (host.first < range.first) pieces.push({ first: host.first, last: range.first - 1 });
  if (range.last < host.last) pieces.push({ first: range.last + 1, last: host.last });
  return [...ranges.slice(0, index), ...pieces, ...ranges.slice(index + 1)];
}

/**
 * The share numbers ever issued in one class: disjoint ranges sorted by first number, each with
 * its order of issue. An overlap check is a binary search instead of a scan of every earlier
 * issue (which made a register of 20,000 events quadratic).
 */
class IssuedNumbers {
  private ranges: { range: ShareRange; order: number }[] = [];
  private issues = 0;

  /** The earliest-issued range that `range` overlaps, or null. */
  clash(range: ShareRange): ShareRange | null {
    const list = this.ranges;
    // Ranges starting at or before range.last: the candidates, found by binary search.
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[mid]!.range.first <= range.last) lo = mid + 1;
      else hi = mid;
    }
    // Disjoint and sorted, so the overlapping ones are the candidates' tail reaching range.first.
    let found: { range: ShareRange; order: number } | null = null;
    for (let i = lo - 1; i >= 0 && list[i]!.range.last >= range.first; i--) {
      if (!found || list[i]!.order < found.order) found = list[i]!;
    }
    return found ? found.range : null;
  }

  /** Records a range that `clash` found free. */
  add(range: ShareRange): void {
    const list = this.ranges;
    const entry = { range, order: this.issues++ };
    // Numbers are usually handed out in ascending order: appending is the common case.
    if (list.length === 0 || list.at(-1)!.range.first < range.first) {
      list.push(entry);
      return;
    }
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[mid]!.range.first < range.first) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, entry);
  }
}

/**
 * Takes shares out of a holding for a transfer or cancellation. Numbered events take exactly
 * those numbers; unnumbered ones take unnumbered shares.
 */
function takeShares(
  holding: Holding,
  event: LedgerEvent,
): Omit<LedgerViolation, 'eventId' | 'date' | 'shareClassId' | 'stakeholderId'> | null {
  if (holding.count < event.shareCount) {
    return {
      code: 'INSUFFICIENT_SHARES',
      field: 'shareCount',
      requested: event.shareCount,
      available: holding.count,
    };
  }
  const range = rangeOf(event);
  if (range) {
    const remaining = removeRange(holding.ranges, range);
    if (!remaining) {
      return {
        code: 'SHARE_NUMBERS_NOT_HELD',
        field: 'firstShareNumber',
        requested: event.shareCount,
        available: holding.count,
        range,
      };
    }
    holding.ranges = remaining;
  } else {
    if (holding.unnumbered < event.shareCount) {
      return {
        code: 'SHARE_NUMBERS_REQUIRED',
        field: 'firstShareNumber',
        requested: event.shareCount,
        available: holding.unnumbered,
      };
    }
    holding.unnumbered -= event.shareCount;
  }
  holding.count -= event.shareCount;
  return null;
}

function giveShares(holding: Holding, event: LedgerEvent): void {
  const range = rangeOf(event);
  if (range) holding.ranges = addRange(holding.ranges, range);
  else holding.unnumbered += event.shareCount;
  holding.count += event.shareCount;
}

/**
 * Replays the register up to and including `asOf` (all of it when omitted) and reports the first
 * event that would make it inconsistent: a holder giving away more than they hold, share numbers
 * issued twice in a class or moved by someone who does not hold them, or a STAK with more
 * depositary receipts out than shares of that class.
 */
export function replayLedger(
  events: readonly LedgerEvent[],
  options: {
    asOf?: string;
    receipts?: readonly LedgerReceipt[];
    /** Shares authorized per class (OCF STOCK_CLASS.initial_shares_authorized), when capped. */
    authorized?: ReadonlyMap<string, number>;
  } = {},
): ReplayResult {
  const holdings: Holdings = new Map();
  const asOf = options.asOf;
  const ordered = sortEvents(asOf ? events.filter((e) => e.date <= asOf) : events);
  // Share numbers are unique per class for good: a number once issued is never issued again.
  const issued = new Map<string, IssuedNumbers>();
  const totals = new Map<string, number>();

  const receipts = [...(options.receipts ?? [])]
    .filter((r) => !options.asOf || r.date <= options.asOf)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const receiptsOut = new Map<string, number>();
  const receiptKey = (stak: string, classId: string) => `${stak}\u0000${classId}`;
  let nextReceipt = 0;

  // A STAK's receipts may never exceed its shares of the class, at any date.
  const checkReceipts = (upTo: string | null): LedgerViolation | null => {
    while (nextReceipt < receipts.length && (upTo === null || receipts[nextReceipt]!.date < upTo)) {
      const r = receipts[nextReceipt++]!;
      const key = receiptKey(r.stakStakeholderId, r.shareClassId);
      receiptsOut.set(key, (receiptsOut.get(key) ?? 0) + r.receiptCount);
      const held = holdings.get(r.shareClassId)?.get(r.stakStakeholderId)?.count ?? 0;
      const out = receiptsOut.get(key)!;
      if (out > held) {
        return {
          code: 'RECEIPTS_EXCEED_SHARES',
          eventId: r.id,
          field: 'receiptCount',
          date: r.date,
          shareClassId: r.shareClassId,
          stakeholderId: r.stakStakeholderId,
          requested: out,
          available: held,
        };
      }
    }
    return null;
  };

  for (const event of ordered) {
    // Receipts dated before this event's date see the holdings of that earlier date.
    const early = checkReceipts(event.date);
    if (early) return { holdings, violation: early };
    const base = {
      eventId: event.id,
      date: event.date,
      shareClassId: event.shareClassId,
    };
    if (event.type === 'issue') {
      const range = rangeOf(event);
      if (range) {
        let numbers = issued.get(event.shareClassId);
        if (!numbers) issued.set(event.shareClassId, (numbers = new IssuedNumbers()));
        const clash = numbers.clash(range);
        if (clash) {
          return {
            holdings,
            violation: {
              ...base,
              code: 'SHARE_NUMBERS_OVERLAP',
              field: 'firstShareNumber',
              stakeholderId: event.toStakeholderId,
              requested: event.shareCount,
              available: 0,
              range: clash,
            },
          };
        }
        numbers.add(range);
      }
      giveShares(holdingOf(holdings, event.shareClassId, event.toStakeholderId!), event);
      const total = (totals.get(event.shareClassId) ?? 0) + event.shareCount;
      if (!Number.isSafeInteger(total) || total > Number.MAX_SAFE_INTEGER - MAX_SHARE_COUNT) {
        return {
          holdings,
          violation: {
            ...base,
            code: 'TOTAL_TOO_LARGE',
            field: 'shareCount',
            stakeholderId: event.toStakeholderId,
            requested: event.shareCount,
            available: 0,
          },
        };
      }
      totals.set(event.shareClassId, total);
      const cap = options.authorized?.get(event.shareClassId);
      if (cap !== undefined && total > cap) {
        return {
          holdings,
          violation: {
            ...base,
            code: 'SHARES_AUTHORIZED_EXCEEDED',
            field: 'shareCount',
            stakeholderId: event.toStakeholderId,
            requested: total,
            available: cap,
          },
        };
      }
    } else {
      const from = holdingOf(holdings, event.shareClassId, event.fromStakeholderId!);
      const problem = takeShares(from, event);
      if (problem) {
        return {
          holdings,
          violation: { ...base, ...problem, stakeholderId: event.fromStakeholderId },
        };
      }
      if (event.type === 'transfer') {
        giveShares(holdingOf(holdings, event.shareClassId, event.toStakeholderId!), event);
      } else {
        totals.set(event.shareClassId, (totals.get(event.shareClassId) ?? 0) - event.shareCount);
      }
      // Shares leaving a STAK must not leave receipts uncovered.
      const key = receiptKey(event.fromStakeholderId!, event.shareClassId);
      const out = receiptsOut.get(key) ?? 0;
      if (out > from.count) {
        return {
          holdings,
          violation: {
            ...base,
            code: 'RECEIPTS_EXCEED_SHARES',
            field: 'shareCount',
            stakeholderId: event.fromStakeholderId,
            requested: out,
            available: from.count,
          },
        };
      }
    }
  }
  const late = checkReceipts(null);
  return { holdings, violation: late };
}

/**
 * The next free share number of each class that has issued shares: one past the highest number
 * ever issued in it (numbers are never issued twice, not even after a cancellation, decision
 * 008), so a new issue numbered from there cannot clash. Null for a class whose issues carry no
 * numbers at all (its register is kept by count; suggesting numbers there would be a guess), and
 * when the highest number leaves none below the cap. Classes without issues are not in the map:
 * their numbering starts at 1.
 */
export function nextShareNumbers(
  events: readonly Pick<LedgerEvent, 'type' | 'shareClassId' | 'lastShareNumber'>[],
): Map<string, number | null> {
  const highest = new Map<string, number | null>();
  for (const e of events) {
    if (e.type !== 'issue') continue;
    const seen = highest.get(e.shareClassId) ?? null;
    const last = e.lastShareNumber;
    highest.set(e.shareClassId, last !== null && (seen === null || last > seen) ? last : seen);
  }
  const next = new Map<string, number | null>();
  for (const [classId, last] of highest)
    next.set(classId, last === null || last >= MAX_SHARE_COUNT ? null : last + 1);
  return next;
}

/** Shares held per stakeholder per class, as plain numbers: `{ stakeholderId: { classId: n } }`. */
export function holdingsByStakeholder(holdings: Holdings): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  for (const [classId, byHolder] of holdings) {
    for (const [stakeholderId, holding] of byHolder) {
      if (holding.count === 0) continue;
      const row = out.get(stakeholderId) ?? {};
      row[classId] = holding.count;
      out.set(stakeholderId, row);
    }
  }
  return out;
}
