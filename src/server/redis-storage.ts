import { Redis } from 'ioredis';
import type { SecondaryStorage } from 'better-auth';

/** better-auth secondary storage (sessions cache, rate-limit counters) on Redis. */
export function createRedisStorage(url: string): {
  storage: SecondaryStorage;
  close: () => Promise<void>;
} {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const storage: SecondaryStorage = {
    get: (key) => redis.get(key),
    getAndDelete: (key) => redis.getdel(key),
    async increment(key, ttl) {
      const [[, value]] = (await redis.multi().incr(key).expire(key, ttl, 'NX').exec()) as [
        [unknown, number],
      ];
      return value;
    },
    async set(key, value, ttl) {
      if (ttl) await redis.set(key, value, 'EX', ttl);
      else await redis.set(key, value);
    },
    async delete(key) {
      await redis.del(key);
    },
  };
  return {
    storage,
    close: async () => {
      await redis.quit();
    },
  };
}
