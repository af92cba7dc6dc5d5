import { describe, expect, it } from 'vitest';
import { withoutFieldName } from './error-text';

describe('withoutFieldName (toasts of API errors)', () => {
  it('drops the field’s API name in front of its own message', () => {
    const text = 'De ingangsdatum mag hoogstens een jaar vooruit liggen';
    expect(withoutFieldName(`effectiveDate: ${text}`, { effectiveDate: text })).toBe(text);
  });

  it('keeps any other message whole', () => {
    const message = 'Anna holds 0 shares on 1 July 2024, fewer than the 10 this needs';
    expect(withoutFieldName(message, { shareCount: 'Anna holds 0 shares on 1 July 2024' })).toBe(
      message,
    );
    expect(withoutFieldName('name: Required', { email: 'Required' })).toBe('name: Required');
    expect(withoutFieldName('Not found', undefined)).toBe('Not found');
  });
});
