import { describe, expect, it } from 'vitest';
import {
  createSignInThrottle,
  delayAfter,
  keyValueStore,
  retryAfterMs,
  THROTTLE,
} from './sign-in-throttle';

describe('the per-account sign-in throttle (issue 11, finding 4)', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1_000],
    [6, 2_000],
    [10, 32_000],
    [14, 512_000],
    [15, 900_000],
    [1_000, 900_000],
  ])('after %i failures waits %i ms', (failures, ms) => {
    expect(delayAfter(failures)).toBe(ms);
  });

  it('measures the wait from the last failure', () => {
    const state = { failures: 6, lastFailureAt: 10_000, notified: true };
    expect(retryAfterMs(state, 10_500)).toBe(1_500);
    expect(retryAfterMs(state, 12_000)).toBe(0);
    expect(retryAfterMs(null, 0)).toBe(0);
  });

  it('refuses during the wait without calling the attempt, and a success starts afresh', async () => {
    let now = 0;
    const throttle = createSignInThrottle(keyValueStore(), () => now);
    const calls: string[] = [];
    const fail = () =>
      throttle.run('user:a', async () => {
        calls.push('fail');
        return { outcome: 'failure' as const, result: 401 };
      });
    for (let i = 0; i < THROTTLE.freeFailures; i++) expect(await fail()).toEqual({ result: 401 });
    expect(await fail()).toEqual({ retryAfterMs: 1_000 });
    expect(calls).toHaveLength(5);
    now += 1_000;
    expect(await fail()).toEqual({ result: 401 });
    expect(await fail()).toEqual({ retryAfterMs: 2_000 });
    now += 2_000;
    const ok = await throttle.run('user:a', async () => ({
      outcome: 'success' as const,
      result: 200,
    }));
    expect(ok).toEqual({ result: 200 });
    for (let i = 0; i < THROTTLE.freeFailures; i++) expect(await fail()).toEqual({ result: 401 });
  });

  it('tells the owner once per window, when the delays begin', async () => {
    let now = 0;
    const throttle = createSignInThrottle(keyValueStore(), () => now);
    const told: number[] = [];
    for (let i = 0; i < 12; i++) {
      await throttle.run(
        'user:b',
        async () => ({ outcome: 'failure' as const, result: 401 }),
        (failures) => told.push(failures),
      );
      now += 1_000_000;
    }
    expect(told).toEqual([5]);
  });

  it('runs the attempts on one account one after another', async () => {
    const throttle = createSignInThrottle(keyValueStore());
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        throttle.run('user:c', async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
          return { outcome: 'failure' as const, result: 401 };
        }),
      ),
    );
    expect(most).toBe(1);
    expect(results.filter((r) => 'result' in r)).toHaveLength(5);
  });

  it('a neutral answer (e.g. e-mail not verified) neither counts nor resets', async () => {
    const throttle = createSignInThrottle(keyValueStore(), () => 0);
    for (let i = 0; i < 4; i++) {
      await throttle.run('user:d', async () => ({ outcome: 'failure' as const, result: 401 }));
    }
    await throttle.run('user:d', async () => ({ outcome: 'neutral' as const, result: 403 }));
    await throttle.run('user:d', async () => ({ outcome: 'failure' as const, result: 401 }));
    expect(
      await throttle.run('user:d', async () => ({ outcome: 'failure' as const, result: 401 })),
    ).toEqual({ retryAfterMs: 1_000 });
  });
});
