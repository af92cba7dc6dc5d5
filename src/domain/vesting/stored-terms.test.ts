import { describe, expect, it } from 'vitest';
import { readStoredTerms, type VestingTerms } from './types';

describe('readStoredTerms (terms saved before issue 11)', () => {
  const legacy: VestingTerms = {
    type: 'milestone',
    allocation: 'FRONT_LOADED',
    milestones: [{ id: 'a', name: 'A', quantity: 10, achievedDate: null, deadline: null }],
  };

  it('reads a front- or back-loaded milestone allocation as CUMULATIVE_ROUNDING, as the engine does', () => {
    expect(readStoredTerms(legacy)).toMatchObject({ allocation: 'CUMULATIVE_ROUNDING' });
    const combined: VestingTerms = {
      type: 'combined',
      parts: [
        {
          portion: { numerator: 1, denominator: 1 },
          terms: { ...legacy, allocation: 'BACK_LOADED_TO_SINGLE_TRANCHE' } as VestingTerms & {
            type: 'milestone';
          },
        },
      ],
    };
    const read = readStoredTerms(combined);
    expect(read.type === 'combined' && read.parts[0]!.terms.allocation).toBe('CUMULATIVE_ROUNDING');
  });

  it('leaves every other form as it is (the same object)', () => {
    const roundDown: VestingTerms = { ...legacy, allocation: 'CUMULATIVE_ROUND_DOWN' };
    expect(readStoredTerms(roundDown)).toBe(roundDown);
    const time: VestingTerms = {
      type: 'time',
      periodLength: 1,
      periodUnit: 'months',
      occurrences: 48,
      allocation: 'FRONT_LOADED',
    };
    expect(readStoredTerms(time)).toBe(time);
  });
});
