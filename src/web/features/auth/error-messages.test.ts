import { describe, expect, it } from 'vitest';
import { authErrorField, authErrorMessage, TOO_MANY_REQUESTS_MESSAGE } from './error-messages';

describe('authErrorMessage', () => {
  it.each([
    // Known code: our wording wins over the server's.
    [
      { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 },
      'Invalid e-mail address or password.',
    ],
    [
      { code: 'EMAIL_NOT_VERIFIED', status: 403 },
      'Your e-mail address is not verified yet. Click the link in the verification e-mail first.',
    ],
    // 429 without a code.
    [{ status: 429, statusText: 'Too Many Requests' }, TOO_MANY_REQUESTS_MESSAGE],
    // Then the server's message, the code, the status text.
    [{ code: 'SOMETHING_NEW', message: 'Server says no', status: 400 }, 'Server says no'],
    [{ code: 'SOMETHING_NEW', status: 400 }, 'SOMETHING_NEW'],
    [{ status: 502, statusText: 'Bad Gateway' }, 'Bad Gateway'],
    [{}, 'Request failed'],
    [null, 'Request failed'],
  ])('%j → %s', (error, expected) => {
    expect(authErrorMessage(error)).toBe(expected);
  });
});

describe('authErrorField', () => {
  it('ties e-mail and password codes to their inputs', () => {
    expect(authErrorField({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' })).toBe('email');
    expect(authErrorField({ code: 'PASSWORD_TOO_SHORT' })).toBe('password');
    expect(authErrorField({ code: 'INVALID_EMAIL_OR_PASSWORD' })).toBeNull();
  });
});
