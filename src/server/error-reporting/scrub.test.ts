import { describe, expect, it } from 'vitest';
import { scrubEvent, scrubMessage } from './scrub';

describe('scrubMessage', () => {
  it.each([
    [
      'Failed query: insert into "valuation" ("enterprise_value", "debt") values ($1, $2)\nparams: 98765432,1357911',
      'Failed query: insert into "valuation" ("enterprise_value", "debt") values ($1, $2)\nparams: [scrubbed]',
    ],
    ['duplicate key for ann@example.com', 'duplicate key for [email]'],
    [
      'invalid input syntax for type numeric: "12.500,75"',
      'invalid input syntax for type numeric: "[n]"',
    ],
    [
      'company 4f6c1d2e-0000-4000-8000-000000000000 has 1200 shares',
      'company 4f6c1d2e-0000-4000-8000-000000000000 has [n] shares',
    ],
  ])('%s', (message, scrubbed) => {
    expect(scrubMessage(message)).toBe(scrubbed);
  });
});

describe('scrubEvent', () => {
  it('keeps the user id, safe headers and the path; drops everything else personal', () => {
    const event = scrubEvent({
      user: { id: 'u1', email: 'ann@example.com', ip_address: '10.0.0.1', username: 'ann' },
      request: {
        method: 'POST',
        url: 'https://crm.example/api/v1/company?token=secret',
        query_string: 'token=secret',
        cookies: { session: 'abc' },
        data: { enterpriseValue: '98765432' },
        headers: { 'User-Agent': 'test', cookie: 'session=abc', authorization: 'Bearer x' },
        env: { REMOTE_ADDR: '10.0.0.1' },
      },
      breadcrumbs: [{ message: 'GET /auth/reset-password?token=secret' }],
      extra: { body: '{}' },
      exception: { values: [{ type: 'Error', value: 'params: 1,2' }] },
      contexts: { response: { status_code: 500 }, os: { name: 'Linux' } },
    });
    expect(event).toEqual({
      user: { id: 'u1' },
      request: {
        method: 'POST',
        url: 'https://crm.example/api/v1/company',
        headers: { 'User-Agent': 'test' },
      },
      exception: { values: [{ type: 'Error', value: 'params: [scrubbed]' }] },
      contexts: { os: { name: 'Linux' } },
    });
  });

  it('leaves no user at all when there is no id', () => {
    expect(scrubEvent({ user: { email: 'ann@example.com' } }).user).toBeUndefined();
  });
});
