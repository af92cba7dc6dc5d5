import { API_KEY_ERROR_CODES } from '@better-auth/api-key/client';
import { BASE_ERROR_CODES } from '@better-auth/core/error';
import { PASSKEY_ERROR_CODES } from '@better-auth/passkey/client';
import {
  ADMIN_ERROR_CODES,
  EMAIL_OTP_ERROR_CODES,
  MULTI_SESSION_ERROR_CODES,
  ORGANIZATION_ERROR_CODES,
  PHONE_NUMBER_ERROR_CODES,
  TWO_FACTOR_ERROR_CODES,
  USERNAME_ERROR_CODES,
} from 'better-auth/client/plugins';
import { loaders } from 'virtual:catalogs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeLanguage, i18n } from '../../lib/i18n';
import { authErrorCatalogue } from './error-catalogue';
import {
  authErrorCatalogueReady,
  authErrorCodeMessage,
  authErrorField,
  authErrorMessage,
} from './error-messages';

const TOO_MANY_REQUESTS_MESSAGE = 'Too many attempts. Please wait a moment and try again.';

// The plugin codes' messages arrive after start-up (error-catalogue.ts).
beforeAll(() => authErrorCatalogueReady);

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
    // Inherited object keys are not codes.
    [{ code: 'constructor', status: 400 }, 'constructor'],
  ])('%j → %s', (error, expected) => {
    expect(authErrorMessage(error)).toBe(expected);
  });
});

describe('the catalogue', () => {
  // Issue 3: each of these situations has one fixed English message.
  it.each([
    ['INVALID_EMAIL_OR_PASSWORD', 'Invalid e-mail address or password.'],
    ['USER_NOT_FOUND', 'No account was found for this e-mail address.'],
    ['USER_ALREADY_EXISTS', 'An account with this e-mail address already exists. Sign in instead.'],
    ['PASSWORD_TOO_SHORT', 'Password must be at least 8 characters.'],
    ['PASSWORD_TOO_LONG', 'Password is at most 128 characters.'],
    [
      'PASSWORD_COMPROMISED',
      'This password has appeared in a data breach. Choose a different password.',
    ],
    ['SESSION_EXPIRED', 'For your security, please sign in again before doing this.'],
    ['FAILED_TO_UNLINK_LAST_ACCOUNT', 'You cannot remove your only way to sign in.'],
    ['INVALID_TOKEN', 'This link is not valid. It may have expired or been used already.'],
    ['INVALID_OTP', 'This code is not valid. Check it and try again.'],
    ['OTP_EXPIRED', 'This code has expired. Request a new one.'],
    ['TOO_MANY_ATTEMPTS', 'Too many wrong codes. Request a new code and try again.'],
    ['INVALID_BACKUP_CODE', 'This backup code is not valid. Each backup code works only once.'],
    ['TWO_FACTOR_NOT_ENABLED', 'Two-factor authentication is not turned on for your account.'],
    ['INVALID_TWO_FACTOR_COOKIE', 'Your sign-in attempt has expired. Please sign in again.'],
    ['USERNAME_IS_ALREADY_TAKEN', 'This username is already taken. Choose another one.'],
    ['USERNAME_TOO_SHORT', 'Username must be at least 3 characters.'],
    ['USERNAME_TOO_LONG', 'Username is at most 32 characters.'],
    ['PHONE_NUMBER_EXIST', 'This phone number is already used by another account.'],
    ['PHONE_NUMBER_NOT_VERIFIED', 'This phone number is not verified yet.'],
    ['KEY_NOT_FOUND', 'This API key was not found. It may have been deleted.'],
    ['KEY_DISABLED', 'This API key is disabled.'],
    ['KEY_EXPIRED', 'This API key has expired.'],
    ['USAGE_EXCEEDED', 'This API key has reached its usage limit.'],
    ['ORGANIZATION_NOT_FOUND', 'This workspace was not found.'],
    [
      'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS',
      'You have reached the maximum number of workspaces.',
    ],
    ['USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 'This person is not a member of this workspace.'],
    [
      'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
      'You are the only owner. Make someone else an owner before you leave.',
    ],
    ['UNABLE_TO_REMOVE_LAST_TEAM', 'A workspace must keep at least one team.'],
    ['YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM', 'You are not allowed to do this.'],
    ['PASSKEY_NOT_FOUND', 'This passkey is not registered with ESOP CRM. Sign in another way.'],
    ['BANNED_USER', 'This account has been suspended. Contact your administrator.'],
    ['VERIFICATION_FAILED', 'The CAPTCHA check failed. Please try again.'],
    ['MISSING_RESPONSE', 'Complete the CAPTCHA check first.'],
  ])('%s', (code, expected) => {
    expect(authErrorCodeMessage(code)).toBe(expected);
  });

  it('reports a cancelled or refused passkey prompt the same way, whatever the browser says', () => {
    const cancelled = authErrorCodeMessage('AUTH_CANCELLED');
    expect(cancelled).toMatch(/cancelled or timed out/);
    for (const code of [
      'NotAllowedError',
      'AbortError',
      'ERROR_CEREMONY_ABORTED',
      'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
    ]) {
      expect(authErrorCodeMessage(code), code).toBe(cancelled);
    }
  });

  it('words every code with a message of the catalogs, never a key', () => {
    for (const code of Object.keys(authErrorCatalogue)) {
      const message = authErrorCodeMessage(code);
      expect(message, code).toBeDefined();
      expect(message, code).not.toMatch(/^auth\.error\./);
    }
  });

  // A better-auth upgrade that adds a code fails here until the code gets its message.
  it.each(
    Object.entries({
      BASE_ERROR_CODES,
      EMAIL_OTP_ERROR_CODES,
      TWO_FACTOR_ERROR_CODES,
      USERNAME_ERROR_CODES,
      PHONE_NUMBER_ERROR_CODES,
      ORGANIZATION_ERROR_CODES,
      ADMIN_ERROR_CODES,
      MULTI_SESSION_ERROR_CODES,
      PASSKEY_ERROR_CODES,
      API_KEY_ERROR_CODES,
    }),
  )('every code of %s has a message', (_name, codes) => {
    const missing = Object.keys(codes).filter((code) => !authErrorCodeMessage(code));
    expect(missing).toEqual([]);
  });
});

describe('authErrorField', () => {
  it('ties e-mail, password and code errors to their inputs', () => {
    expect(authErrorField({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' })).toBe('email');
    expect(authErrorField({ code: 'PASSWORD_TOO_SHORT' })).toBe('password');
    expect(authErrorField({ code: 'INVALID_OTP' })).toBe('code');
    expect(authErrorField({ code: 'INVALID_BACKUP_CODE' })).toBe('code');
    expect(authErrorField({ code: 'INVALID_EMAIL_OR_PASSWORD' })).toBeNull();
  });
});

describe('in Dutch', () => {
  beforeAll(async () => {
    const { default: messages } = await loaders.nl!();
    i18n.load('nl', messages as Parameters<typeof i18n.load>[1]);
    i18n.activate('nl');
  });
  afterAll(() => i18n.activate('en'));

  it('gives our messages in the active language', () => {
    expect(activeLanguage()).toBe('nl');
    expect(authErrorMessage({ code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 })).toBe(
      'Onjuist e-mailadres of wachtwoord.',
    );
    expect(authErrorCodeMessage('KEY_EXPIRED')).toBe('Deze API-sleutel is verlopen.');
    expect(authErrorCodeMessage('YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM')).toBe(
      'U hebt geen toestemming om dit te doen.',
    );
    expect(authErrorMessage({ status: 429 })).toBe(
      'Te veel pogingen. Wacht even en probeer het opnieuw.',
    );
    expect(authErrorMessage(null)).toBe('Het verzoek is mislukt');
  });

  it('has a Dutch message, not the English one, for every code', () => {
    const english = (code: string) => {
      i18n.activate('en');
      const text = authErrorCodeMessage(code);
      i18n.activate('nl');
      return text;
    };
    const codes = new Set([
      ...Object.keys(authErrorCatalogue),
      ...[
        BASE_ERROR_CODES,
        TWO_FACTOR_ERROR_CODES,
        ORGANIZATION_ERROR_CODES,
        PASSKEY_ERROR_CODES,
        API_KEY_ERROR_CODES,
      ].flatMap((list) => Object.keys(list)),
      'SIGN_IN_DELAYED',
    ]);
    const same = [...codes].filter((code) => authErrorCodeMessage(code) === english(code));
    expect(same).toEqual([]);
  });
});
