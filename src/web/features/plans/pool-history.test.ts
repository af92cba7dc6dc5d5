import { describe, expect, it } from 'vitest';
import type { PoolAdjustment } from '../../../contracts/equity';
import { countFromInput, formatChange, percentFromInput } from './format';
import { poolHistory } from './pool-history';
import { describeAcceleration, describeLeaverRule } from './terms';

const adjustment = (date: string, shareCount: number): PoolAdjustment => ({
  id: `00000000-0000-4000-8000-${String(Math.abs(shareCount)).padStart(12, '0')}`,
  planId: '00000000-0000-4000-8000-000000000000',
  date,
  shareCount,
  reason: null,
  approvalDate: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
});

describe('poolHistory', () => {
  it('runs the pool from its approved size through each adjustment', () => {
    const lines = poolHistory(
      { poolSize: 1500, boardApprovalDate: '2024-01-15' },
      [adjustment('2024-06-01', 500), adjustment('2025-01-01', -300), adjustment('2030-01-01', 50)],
      '2026-01-01',
    );
    expect(lines.map((l) => [l.kind, l.date, l.change, l.poolAfter])).toEqual([
      ['initial', '2024-01-15', 1500, 1500],
      ['adjustment', '2024-06-01', 500, 2000],
      ['adjustment', '2025-01-01', -300, 1700],
      ['adjustment', '2030-01-01', 50, 1750],
    ]);
    expect(lines.map((l) => (l.kind === 'adjustment' ? l.scheduled : null))).toEqual([
      null,
      false,
      false,
      true,
    ]);
  });

  it('has only the initial line without adjustments', () => {
    expect(poolHistory({ poolSize: 0, boardApprovalDate: null }, [], '2026-01-01')).toEqual([
      { kind: 'initial', date: null, change: 0, poolAfter: 0 },
    ]);
  });
});

describe('inputs and words', () => {
  it.each([
    ['1,500', 1500],
    ['1.500', 1500],
    ['1 500', 1500],
    ['', null],
    ['12.5', 12.5],
  ])('reads the count %j as %j', (text, value) => {
    expect(countFromInput(text)).toBe(value);
  });

  it('reads percentages with a decimal comma or a percent sign', () => {
    expect(percentFromInput('12,5')).toBe(12.5);
    expect(percentFromInput('100 %')).toBe(100);
    expect(percentFromInput(' ')).toBeNull();
  });

  it('signs pool changes', () => {
    expect(formatChange(500)).toBe('+500');
    expect(formatChange(-1200)).toBe('\u22121,200');
  });

  it('describes leaver and acceleration rules', () => {
    expect(describeLeaverRule({ unvested: 'forfeit', vested: 'keep' })).toBe(
      'Unvested forfeited, vested kept',
    );
    expect(describeAcceleration({ trigger: 'double', percent: 100, windowMonths: 12 })).toBe(
      'Double trigger: 100% of unvested if terminated within 12 months',
    );
    expect(describeAcceleration({ trigger: 'none', percent: null, windowMonths: null })).toBe(
      'No acceleration',
    );
  });
});
