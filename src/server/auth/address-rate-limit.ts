import { systemNow } from '../clock';
import type { SecondaryStorage } from 'better-auth';

/** A limit on how often one e-mail address or phone number may be used on a path. */
export interface AddressRule {
  field: 'email' | 'phoneNumber';
  /** Seconds. */
  window: number;
  max: number;
}

/**
 * Limits per e-mail address and per phone number (issue 3: "limited per IP *and* per e-mail";
 * issue 11, finding 12: one number could be sent codes from many addresses without limit).
 * better-auth limits per client address; an attacker rotating addresses against one account, or
 * flooding one phone with SMS, is stopped here. Password guessing is limited per account by the
 * sign-in throttle (sign-in-throttle.ts). Counters live in Redis when configured (shared by all
 * instances), else in memory.
 */
export const ADDRESS_RULES: Record<string, AddressRule[]> = {
  '/api/auth/sign-in/email-otp': [{ field: 'email', window: 300, max: 5 }],
  '/api/auth/sign-up/email': [{ field: 'email', window: 3600, max: 5 }],
  '/api/auth/request-password-reset': [{ field: 'email', window: 900, max: 3 }],
  '/api/auth/send-verification-email': [{ field: 'email', window: 900, max: 3 }],
  '/api/auth/email-otp/send-verification-otp': [{ field: 'email', window: 900, max: 5 }],
  '/api/auth/sign-in/magic-link': [{ field: 'email', window: 900, max: 5 }],
  '/api/auth/phone-number/send-otp': [
    { field: 'phoneNumber', window: 900, max: 3 },
    { field: 'phoneNumber', window: 86_400, max: 10 },
  ],
  '/api/auth/phone-number/request-password-reset': [
    { field: 'phoneNumber', window: 900, max: 3 },
    { field: 'phoneNumber', window: 86_400, max: 10 },
  ],
};

export interface AddressRateLimiter {
  /** Counts one use of the addresses in `body`; false when one is over a limit for this path. */
  allow(path: string, body: Record<string, unknown> | null): Promise<boolean>;
}

export function createAddressRateLimiter(storage?: SecondaryStorage): AddressRateLimiter {
  const memory = new Map<string, { count: number; resetAt: number }>();
  const increment = async (key: string, ttl: number): Promise<number> => {
    if (storage) return storage.increment(key, ttl);
    const now = systemNow().getTime();
    if (memory.size > 10_000) for (const [k, v] of memory) if (v.resetAt <= now) memory.delete(k);
    const entry = memory.get(key);
    if (!entry || entry.resetAt <= now) {
      memory.set(key, { count: 1, resetAt: now + ttl * 1000 });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  };
  return {
    async allow(path, body) {
      const rules = ADDRESS_RULES[path];
      if (!rules || !body) return true;
      let allowed = true;
      for (const rule of rules) {
        const value = body[rule.field];
        if (typeof value !== 'string') continue;
        const address = value.trim().toLowerCase();
        const count = await increment(
          `esop-rl-${rule.field}:${path}:${rule.window}:${address}`,
          rule.window,
        );
        if (count > rule.max) allowed = false;
      }
      return allowed;
    },
  };
}

/** 429 in better-auth's error shape, with the fixed "too many attempts" message. */
export function tooManyAttempts(): Response {
  return Response.json(
    {
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Please wait a moment and try again.',
    },
    { status: 429 },
  );
}
