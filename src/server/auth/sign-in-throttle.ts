import { systemNow } from '../clock';
import type { SecondaryStorage } from 'better-auth';

/**
 * Password guessing limits per account (issue 11, finding 4), whatever identifier names the
 * account (e-mail, username, phone number) and from however many client addresses.
 *
 * Five failures are free; after that each attempt must wait for a delay that doubles per
 * failure — 1 s, 2 s, 4 s … — up to 15 minutes, measured from the last failure. Attempts during
 * the delay are refused without checking the password (so they neither count nor tell anything).
 * A success, or a day without failures, starts afresh. The owner is never locked out for longer
 * than the current delay, and can always sign in with a link or code sent by e-mail meanwhile.
 */
export const THROTTLE = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  /** Failures are forgotten this long after the last one. */
  windowSeconds: 24 * 3600,
} as const;

export interface ThrottleState {
  failures: number;
  /** Epoch ms of the last failure. */
  lastFailureAt: number;
  /** Whether the owner was told of the failures in this window. */
  notified: boolean;
}

/** The wait after `failures` consecutive failures, in ms (0 while failures are still free). */
export function delayAfter(failures: number): number {
  if (failures < THROTTLE.freeFailures) return 0;
  const exponent = Math.min(failures - THROTTLE.freeFailures, 30);
  return Math.min(THROTTLE.baseDelayMs * 2 ** exponent, THROTTLE.maxDelayMs);
}

/** How long (ms) the next attempt must still wait; 0 when it may go ahead. */
export function retryAfterMs(state: ThrottleState | null, now: number): number {
  if (!state) return 0;
  return Math.max(0, state.lastFailureAt + delayAfter(state.failures) - now);
}

/** Key-value storage with expiry: Redis (shared by all instances) when configured, else memory. */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export function keyValueStore(storage?: SecondaryStorage): KeyValueStore {
  if (storage) {
    return {
      get: async (key) => {
        const value = await storage.get(key);
        return typeof value === 'string' ? value : null;
      },
      set: async (key, value, ttl) => {
        await storage.set(key, value, ttl);
      },
      delete: async (key) => {
        await storage.delete(key);
      },
    };
  }
  const memory = new Map<string, { value: string; expiresAt: number }>();
  return {
    async get(key) {
      const entry = memory.get(key);
      if (!entry) return null;
      if (entry.expiresAt <= systemNow().getTime()) {
        memory.delete(key);
        return null;
      }
      return entry.value;
    },
    async set(key, value, ttl) {
      const now = systemNow().getTime();
      if (memory.size > 10_000) {
        for (const [k, v] of memory) if (v.expiresAt <= now) memory.delete(k);
      }
      memory.set(key, { value, expiresAt: now + ttl * 1000 });
    },
    async delete(key) {
      memory.delete(key);
    },
  };
}

export interface SignInThrottle {
  /**
   * Runs one sign-in attempt for `account` unless it must wait: `attempt` answers whether the
   * credentials were wrong (a failure), right (a success) or neither (e.g. e-mail not verified).
   * Attempts on one account run one after another in this process, so parallel guesses cannot
   * all pass before the first failure is counted.
   */
  run<T>(
    account: string,
    attempt: () => Promise<{ outcome: 'failure' | 'success' | 'neutral'; result: T }>,
    onThrottled?: (failures: number) => void,
  ): Promise<{ retryAfterMs: number } | { result: T }>;
}

export function createSignInThrottle(
  store: KeyValueStore,
  now: () => number = () => systemNow().getTime(),
): SignInThrottle {
  const queues = new Map<string, Promise<unknown>>();
  const keyOf = (account: string) => `esop-signin-throttle:${account}`;

  async function runNow<T>(
    account: string,
    attempt: () => Promise<{ outcome: 'failure' | 'success' | 'neutral'; result: T }>,
    onThrottled?: (failures: number) => void,
  ): Promise<{ retryAfterMs: number } | { result: T }> {
    const key = keyOf(account);
    const raw = await store.get(key);
    let state: ThrottleState | null;
    try {
      state = raw ? (JSON.parse(raw) as ThrottleState) : null;
    } catch {
      state = null; // unreadable: start afresh
    }
    const wait = retryAfterMs(state, now());
    if (wait > 0) return { retryAfterMs: wait };
    const { outcome, result } = await attempt();
    if (outcome === 'success') {
      if (state) await store.delete(key);
    } else if (outcome === 'failure') {
      const failures = (state?.failures ?? 0) + 1;
      const notify = failures >= THROTTLE.freeFailures && !state?.notified;
      const next: ThrottleState = {
        failures,
        lastFailureAt: now(),
        notified: Boolean(state?.notified) || notify,
      };
      await store.set(key, JSON.stringify(next), THROTTLE.windowSeconds);
      if (notify) onThrottled?.(failures);
    }
    return { result };
  }

  return {
    run(account, attempt, onThrottled) {
      const previous = queues.get(account) ?? Promise.resolve();
      const current = previous.then(
        () => runNow(account, attempt, onThrottled),
        () => runNow(account, attempt, onThrottled),
      );
      const settled = current.catch(() => undefined);
      queues.set(account, settled);
      void settled.then(() => {
        if (queues.get(account) === settled) queues.delete(account);
      });
      return current;
    },
  };
}
