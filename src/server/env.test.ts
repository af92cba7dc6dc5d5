import { describe, expect, it } from 'vitest';
import { EnvError, isLocalMail, loadEnv } from './env';

describe('loadEnv', () => {
  it('applies the defaults of local mode', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      APP_URL: 'http://localhost:3000',
      DATA_DIR: './data',
      AUTH_RATE_LIMIT: 'on',
      NODE_ENV: 'development',
      APP_TIME_ZONE: 'Europe/Amsterdam',
    });
    expect(isLocalMail(env)).toBe(true);
  });

  it('derives APP_URL from PORT and strips a trailing slash from a given one', () => {
    expect(loadEnv({ PORT: '4000' }).APP_URL).toBe('http://localhost:4000');
    expect(loadEnv({ APP_URL: 'https://crm.example.nl/' }).APP_URL).toBe('https://crm.example.nl');
  });

  it('treats empty strings as unset', () => {
    const env = loadEnv({ DATABASE_URL: '', SMTP_URL: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(isLocalMail(env)).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ AUTH_RATE_LIMIT: 'maybe' }, 'AUTH_RATE_LIMIT'],
    [{ BETTER_AUTH_SECRET: 'short' }, 'BETTER_AUTH_SECRET'],
    [{ NODE_ENV: 'production' }, 'BETTER_AUTH_SECRET'],
    [{ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40) }, 'SMTP_URL'],
    [{ TEST_CLOCK: 'tonight' }, 'TEST_CLOCK'],
    [
      {
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://mail:25',
        TEST_CLOCK: '2026-11-24T23:30:00Z',
      },
      'TEST_CLOCK',
    ],
    [{ TEST_PASSWORD_HASHING: 'md5' }, 'TEST_PASSWORD_HASHING'],
    [
      {
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://mail:25',
        TEST_PASSWORD_HASHING: 'fast',
      },
      'TEST_PASSWORD_HASHING',
    ],
    [{ APP_TIME_ZONE: 'Europe/Amsterdamm' }, 'APP_TIME_ZONE'],
    [{ APP_TIME_ZONE: 'CEST+2' }, 'APP_TIME_ZONE'],
    [{ SENTRY_DSN: 'sentry.io' }, 'SENTRY_DSN'],
    [{ SENTRY_DSN: 'https://o1.ingest.sentry.io/1' }, 'SENTRY_DSN'],
    [{ SENTRY_DSN: 'https://key@o1.ingest.sentry.io/' }, 'SENTRY_DSN'],
  ])('rejects %j naming %s', (source, variable) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(new RegExp(`^\\s+${variable}:`, 'm'));
  });

  it('accepts a Sentry DSN', () => {
    const dsn = 'https://abc123@o1.ingest.de.sentry.io/4508';
    expect(loadEnv({ SENTRY_DSN: dsn }).SENTRY_DSN).toBe(dsn);
  });

  it('accepts an IANA time zone for APP_TIME_ZONE', () => {
    expect(loadEnv({ APP_TIME_ZONE: 'Europe/Brussels' }).APP_TIME_ZONE).toBe('Europe/Brussels');
    expect(loadEnv({ APP_TIME_ZONE: 'UTC' }).APP_TIME_ZONE).toBe('UTC');
  });

  it('accepts production with a secret', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail:25',
    });
    expect(isLocalMail(env)).toBe(false);
  });
});
