import type { SecondaryStorage } from 'better-auth';

/**
 * Limits per e-mail address (issue 3: "limited per IP *and* per e-mail"). better-auth limits per
 * client address; an attacker rotating addresses against one account is stopped here. Windows in
 * seconds; counters live in Redis when configured (shared by all instances), else in memory.
 */
export const EMAIL_RULES: Record<string, { window: number; max: number }> = {
  '/api/auth/sign-in/email': { window: 300, max: 10 },
  '/api/auth/sign-in/email-otp': { window: 300, max: 5 },
  '/api/auth/sign-up/email': { window: 3600, max: 5 },
  '/api/auth/request-password-reset': { window: 900, max: 3 },
  '/api/auth/send-verification-email': { window: 900, max: 3 },
  '/api/auth/email-otp/send-verification-otp': { window: 900, max: 5 },
  '/api/auth/sign-in/magic-link': { window: 900, max: 5 },
};

export interface EmailRateLimiter {
  /** Counts one attempt; false when the address is over its limit for this path. */
  allow(path: string, email: string): Promise<boolean>;
}

export function createEmailRateLimiter(storage?: SecondaryStorage): EmailRateLimiter {
  const memory = new Map<string, { count: number; resetAt: number }>();
  const increment = async (key: string, ttl: number): Promise<number> => {
    if (storage) return storage.increment(key, ttl);
    const now = Date.now();
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
    async allow(path, email) {
      const rule = EMAIL_RULES[path];
      if (!rule) return true;
      const count = await increment(
        `esop-rl-email:${path}:${email.trim().toLowerCase()}`,
        rule.window,
      );
      return count <= rule.max;
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
