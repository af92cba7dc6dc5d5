import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from './clock';

/**
 * The server's configuration. This is the only module that reads `process.env` (lint-enforced);
 * everything else receives an `Env`. Invalid values stop start-up with a message naming the
 * variable.
 */
const booleanFlag = z.enum(['on', 'off']);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'PORT must be a port number' })
      .int()
      .min(0)
      .max(65535, 'PORT must be a port number')
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    APP_URL: z.url({ error: 'APP_URL must be a URL such as http://localhost:3000' }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
      .optional(),
    BETTER_AUTH_SECRET: z
      .string()
      .min(32, 'BETTER_AUTH_SECRET must be at least 32 characters')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('ESOP CRM <no-reply@localhost>'),
    /** HTTP gateway for SMS: POST { to, text } as JSON. Unset: SMS go to the local outbox. */
    SMS_WEBHOOK_URL: z.url({ error: 'SMS_WEBHOOK_URL must be a URL' }).optional(),
    /** Comma-separated e-mail addresses that are platform administrators. */
    ADMIN_EMAILS: z.string().optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
    AUTH_RATE_LIMIT: booleanFlag.default('on'),
    TRUSTED_ORIGINS: z.string().optional(),
    /** Comma-separated proxy addresses whose X-Forwarded-For is believed (rate limits). */
    TRUSTED_PROXIES: z.string().optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    DEMO: booleanFlag.default('off'),
    /**
     * Test rigs only: the business clock runs from this instant (ISO 8601 with a zone, e.g.
     * 2026-11-24T23:30:00Z) so that date-sensitive suites can run at any hour. Refused in production.
     */
    TEST_CLOCK: z.iso
      .datetime({
        offset: true,
        error: 'TEST_CLOCK must be an ISO date-time such as 2026-11-24T23:30:00Z',
      })
      .optional(),
    /**
     * Test rigs only: `fast` hashes passwords with a cheap scrypt (decision 034), so that suites
     * signing up hundreds of people do not spend minutes in key derivation. Refused in production.
     */
    TEST_PASSWORD_HASHING: z.enum(['fast']).optional(),
    /**
     * Error reporting (Sentry): the project's DSN, e.g. https://<key>@o1.ingest.sentry.io/<id>.
     * Unset: no error is reported and the SDK is not loaded (decision 014).
     */
    SENTRY_DSN: z
      .url({ error: 'SENTRY_DSN must be a Sentry DSN such as https://key@o1.ingest.sentry.io/1' })
      .refine((value) => {
        // Runs after a failed URL check too: guard the parse.
        const url = URL.canParse(value) ? new URL(value) : null;
        return (
          !!url &&
          ['http:', 'https:'].includes(url.protocol) &&
          url.username !== '' &&
          /\/\d+$/.test(url.pathname)
        );
      }, 'SENTRY_DSN must be a Sentry DSN such as https://key@o1.ingest.sentry.io/1')
      .optional(),
    /** The environment reports are filed under; default NODE_ENV. */
    SENTRY_ENVIRONMENT: z.string().min(1).max(64).optional(),
    /** The release reports are filed under; default esop-crm@<package version>. */
    SENTRY_RELEASE: z.string().min(1).max(200).optional(),
    /** The firm's time zone: the server's "today" is the calendar day there, not in UTC. */
    APP_TIME_ZONE: z
      .string()
      .refine(isTimeZone, 'APP_TIME_ZONE must be an IANA time zone such as Europe/Amsterdam')
      .default(DEFAULT_TIME_ZONE),
  })
  .superRefine((env, ctx) => {
    // Local mode's outbox shows reset and sign-in links; it has no place in production
    // (issue 11, finding 2).
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'SMTP_URL is required in production (e-mails would otherwise go to the local outbox)',
      });
    }
    if (env.NODE_ENV === 'production' && env.TEST_CLOCK) {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CLOCK'],
        message: 'TEST_CLOCK is for test rigs and not allowed in production',
      });
    }
    if (env.NODE_ENV === 'production' && env.TEST_PASSWORD_HASHING) {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_PASSWORD_HASHING'],
        message: 'TEST_PASSWORD_HASHING is for test rigs and not allowed in production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['BETTER_AUTH_SECRET'],
        message: 'BETTER_AUTH_SECRET is required in production (32+ random characters)',
      });
    }
  });

export type Env = z.output<typeof envSchema> & { APP_URL: string };

export class EnvError extends Error {}

/** Validates an environment (default: `process.env`); throws EnvError naming each bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset, as in most dotenv setups.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new EnvError(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return { ...env, APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '') };
}

/** Local mode: no SMTP configured, so mail goes to the console and the /dev/outbox page. */
export function isLocalMail(env: Env): boolean {
  return !env.SMTP_URL;
}
