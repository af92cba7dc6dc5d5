import { describe, expect, it } from 'vitest';
import { DOCUMENT_FIELDS, DOCUMENT_KINDS, fieldPaths } from '../../../contracts/documents';
import { FIELD_DESCRIPTIONS } from './field-descriptions';

describe('the merge fields’ descriptions (issue 14)', () => {
  const documented = new Set(DOCUMENT_KINDS.flatMap((kind) => fieldPaths(DOCUMENT_FIELDS[kind])));

  it('describe every field a kind offers, and no other', () => {
    expect(Object.keys(FIELD_DESCRIPTIONS).sort()).toEqual([...documented].sort());
  });

  it('name each description after its path (loops without their brackets)', () => {
    for (const [path, key] of Object.entries(FIELD_DESCRIPTIONS))
      expect(key, path).toBe(`documents.field.${path.replaceAll('[]', '')}`);
  });
});
