import { z } from 'zod';

/** `GET /api/v1/meta`: what the SPA needs to know about the server it talks to (no auth). */
export const metaResponseSchema = z.object({
  /** Where mail goes: real SMTP delivery, or the local outbox (printed + /dev/outbox). */
  mail: z.object({
    mode: z.enum(['smtp', 'outbox']),
    outboxPath: z.string().nullable(),
  }),
  /**
   * Error reporting in the browser (Sentry), when the server has SENTRY_DSN; null: off, and the
   * SDK is never loaded. The DSN is public by design (it only allows sending events).
   */
  errorReporting: z
    .object({ dsn: z.url(), environment: z.string(), release: z.string() })
    .nullable(),
});
export type Meta = z.infer<typeof metaResponseSchema>;
