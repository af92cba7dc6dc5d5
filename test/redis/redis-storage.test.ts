import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStorage } from '../../src/server/redis-storage';
import { createTestApp, type TestApp } from '../support/app';
import { allowConsoleError } from '../support/console';

const redisUrl = process.env.TEST_REDIS_URL!;
let redis: ReturnType<typeof createRedisStorage>;
let t: TestApp;

beforeAll(async () => {
  redis = createRedisStorage(redisUrl);
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'on' }, secondaryStorage: redis.storage });
});
afterAll(async () => {
  await t.close();
  await redis.close();
});

describe('Redis secondary storage', () => {
  it('implements get/set/delete/getAndDelete/increment with TTLs', async () => {
    const key = `esop-test:${randomBytes(6).toString('hex')}`;
    await redis.storage.set(key, 'value', 60);
    expect(await redis.storage.get(key)).toBe('value');
    expect(await redis.storage.getAndDelete(key)).toBe('value');
    expect(await redis.storage.get(key)).toBeNull();
    expect(await redis.storage.increment(`${key}:n`, 60)).toBe(1);
    expect(await redis.storage.increment(`${key}:n`, 60)).toBe(2);
    await redis.storage.delete(`${key}:n`);
    expect(await redis.storage.get(`${key}:n`)).toBeNull();
  });

  it('keeps sessions working and counts rate limits in Redis', async () => {
    allowConsoleError(/rate limit|too many/i);
    const user = await t.signUp();
    expect((await t.request('/api/v1/company', { cookie: user.cookie })).status).toBe(200);
    // A unique client address per run: counters in Redis outlive the test.
    const ip = `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    let last = 0;
    for (let i = 0; i < 14; i++) {
      const res = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        body: { email: 'nobody@example.com', password: 'wrong password' },
        remoteAddress: ip,
      });
      last = res.status;
    }
    expect(last).toBe(429);
  });
});
