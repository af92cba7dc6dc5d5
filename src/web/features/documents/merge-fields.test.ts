import { describe, expect, it } from 'vitest';
import { templateFields } from './merge-fields';

describe('the merge fields as a template writes them (issue 14)', () => {
  const fields = templateFields('grant_letter');
  const tag = (path: string) => fields.find((f) => f.path === path);

  it('writes values with their group', () => {
    expect(tag('company.name')).toMatchObject({ tag: '{company.name}', pair: null });
    expect(tag('today')).toMatchObject({ tag: '{today}', nested: false });
  });

  it('writes a loop as its pair of tags, and its fields without the loop’s name', () => {
    expect(tag('schedule[]')).toMatchObject({
      tag: '{#schedule}…{/schedule}',
      pair: { start: '{#schedule}', end: '{/schedule}', kind: 'loop' },
    });
    expect(tag('schedule[].date')).toMatchObject({ tag: '{date}', nested: true });
  });

  it('writes the has…/is… flags as conditions', () => {
    expect(tag('hasValuation')).toMatchObject({
      tag: '{#hasValuation}…{/hasValuation}',
      pair: { kind: 'condition' },
    });
    expect(tag('isBelgian')?.pair?.kind).toBe('condition');
  });
});
