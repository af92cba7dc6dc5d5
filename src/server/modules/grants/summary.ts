import type {
  Forfeiture,
  VestingPolicy,
  VestingResult,
  VestingTerms,
} from '../../../domain/vesting';
import { computeVesting, totalsAsOf } from '../../../domain/vesting';
import type { GrantStatus } from '../../../contracts/vesting';

/**
 * A grant's figures on a date, from the engine plus what the engine does not know: exercises,
 * cancellation and expiry (issue 5). Used by the API, the cap table and the pool.
 */

export interface GrantFacts {
  quantity: number;
  vestingStartDate: string;
  terms: VestingTerms;
  status: string;
  expiryDate: string | null;
  terminationDate: string | null;
  leaverType: string | null;
  cancelledDate: string | null;
  pauses: readonly { start: string; end: string }[];
  exercises: readonly { date: string; quantity: number }[];
}

export interface GrantFigures {
  result: VestingResult;
  vested: number;
  unvested: number;
  exercised: number;
  forfeited: number;
  exercisable: number;
  forfeitures: (Omit<Forfeiture, 'reason'> & { reason: Forfeiture['reason'] | 'cancellation' })[];
  status: GrantStatus;
}

export function grantFigures(
  grant: GrantFacts,
  policy: VestingPolicy,
  changeOfControlDate: string | null,
  asOf: string,
): GrantFigures {
  const result = computeVesting({
    quantity: grant.quantity,
    vestingStartDate: grant.vestingStartDate,
    terms: grant.terms,
    asOf,
    policy,
    events: {
      termination:
        grant.terminationDate && grant.leaverType
          ? { date: grant.terminationDate, leaverType: grant.leaverType as 'good' | 'bad' }
          : null,
      changeOfControl: changeOfControlDate ? { date: changeOfControlDate } : null,
      pauses: grant.pauses,
    },
  });
  const exercised = grant.exercises
    .filter((e) => e.date <= asOf)
    .reduce((s, e) => s + e.quantity, 0);
  const forfeitures: GrantFigures['forfeitures'] = result.forfeitures.map((f) =>
    // Exercised shares are the holder's: a bad leaver forfeits only what was not exercised.
    f.reason === 'termination_vested' ? { ...f, quantity: Math.max(0, f.quantity - exercised) } : f,
  );
  const totals = totalsAsOf(
    {
      quantity: grant.quantity,
      installments: result.installments,
      forfeitures: result.forfeitures,
    },
    asOf,
  );
  let vested = totals.vested;
  let forfeited = forfeitures.filter((f) => f.date <= asOf).reduce((s, f) => s + f.quantity, 0);
  if (forfeitures.some((f) => f.reason === 'termination_vested' && f.date <= asOf))
    vested = exercised;
  let unvested = Math.max(0, grant.quantity - vested - forfeited);
  if (grant.cancelledDate && grant.cancelledDate <= asOf) {
    // A cancellation ends the grant: whatever was not exercised is gone.
    const cancelled = grant.quantity - exercised - forfeited;
    if (cancelled > 0)
      forfeitures.push({ date: grant.cancelledDate, quantity: cancelled, reason: 'cancellation' });
    forfeited = grant.quantity - exercised;
    vested = exercised;
    unvested = 0;
  }
  const expired = grant.expiryDate !== null && grant.expiryDate < asOf;
  const pastDeadline = result.exerciseDeadline !== null && result.exerciseDeadline < asOf;
  const exercisable =
    grant.cancelledDate && grant.cancelledDate <= asOf
      ? 0
      : expired || pastDeadline
        ? 0
        : Math.max(0, vested - exercised);
  return {
    result,
    vested,
    unvested,
    exercised,
    forfeited,
    exercisable,
    forfeitures,
    status: deriveStatus(grant, { vested, exercised, forfeited, expired }),
  };
}

/** The stored status while not active; otherwise what the schedule says. */
function deriveStatus(
  grant: GrantFacts,
  f: { vested: number; exercised: number; forfeited: number; expired: boolean },
): GrantStatus {
  if (grant.cancelledDate) return 'cancelled';
  if (grant.status !== 'active') return grant.status as GrantStatus;
  if (f.exercised > 0 && f.exercised >= grant.quantity - f.forfeited) return 'exercised';
  if (f.forfeited >= grant.quantity) return 'forfeited';
  if (f.exercised > 0) return 'partly_exercised';
  if (f.expired) return 'expired';
  if (f.forfeited > 0 && f.vested + f.forfeited >= grant.quantity)
    return f.vested > 0 ? 'fully_vested' : 'forfeited';
  if (f.vested >= grant.quantity) return 'fully_vested';
  return 'active';
}

/** Shares the grant takes from its plan's pool: all of it, less what returned to the pool. */
export function poolUse(
  figures: Pick<GrantFigures, 'forfeited'>,
  quantity: number,
  forfeitedTo: string,
): number {
  return forfeitedTo === 'pool' ? quantity - figures.forfeited : quantity;
}
