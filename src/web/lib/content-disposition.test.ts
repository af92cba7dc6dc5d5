import { describe, expect, it } from 'vitest';
import { attachmentName } from './content-disposition';

describe('attachmentName', () => {
  it('prefers the UTF-8 name, then the quoted one', () => {
    expect(
      attachmentName(
        `attachment; filename="captabel-zoe-bv-2026-11-24.csv"; filename*=UTF-8''captabel-zo%C3%AB-bv-2026-11-24.csv`,
      ),
    ).toBe('captabel-zoë-bv-2026-11-24.csv');
    expect(attachmentName('attachment; filename="cap-table-2026-11-24.csv"')).toBe(
      'cap-table-2026-11-24.csv',
    );
    expect(attachmentName(`attachment; filename="a.csv"; filename*=UTF-8''%E0%A4%A`)).toBe('a.csv');
    expect(attachmentName('attachment')).toBeNull();
  });
});
