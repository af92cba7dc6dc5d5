import type { Plan, PoolAdjustment } from '../../../contracts/equity';

/** One line of a pool's history: the initial size, or an adjustment, with the pool after it. */
export type PoolHistoryLine =
  | { kind: 'initial'; date: string | null; change: number; poolAfter: number }
  | {
      kind: 'adjustment';
      date: string;
      change: number;
      poolAfter: number;
      adjustment: PoolAdjustment;
      /** Dated after today: not part of today's reserve yet. */
      scheduled: boolean;
    };

/**
 * A pool's history in pool order: the size approved with the plan (from its board approval
 * date), then each adjustment with the running pool after it. The server returns adjustments
 * ordered by date and order of entry, the order in which the pool rule checks them
 * (src/server/modules/equity/plans.ts); the figure "reserved today" stays the server's.
 */
export function poolHistory(
  plan: Pick<Plan, 'poolSize' | 'boardApprovalDate'>,
  adjustments: readonly PoolAdjustment[],
  today: string,
): PoolHistoryLine[] {
  const lines: PoolHistoryLine[] = [
    {
      kind: 'initial',
      date: plan.boardApprovalDate,
      change: plan.poolSize,
      poolAfter: plan.poolSize,
    },
  ];
  let pool = plan.poolSize;
  for (const adjustment of adjustments) {
    pool += adjustment.shareCount;
    lines.push({
      kind: 'adjustment',
      date: adjustment.date,
      change: adjustment.shareCount,
      poolAfter: pool,
      adjustment,
      scheduled: adjustment.date > today,
    });
  }
  return lines;
}
