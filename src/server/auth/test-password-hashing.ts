import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Test rigs only (`TEST_PASSWORD_HASHING=fast`, refused in production; decision 034): scrypt at a
 * sixteenth of the work better-auth's default does (N 2^10 and r 8 instead of 2^14 and 16). The
 * test suites sign up and sign in over a thousand people; at the real cost of about a quarter of a
 * second of CPU each, key derivation was minutes of a 2-core CI run. The product, and the suites'
 * own test of it (test/api/password-hashing.test.ts), use better-auth's default.
 */
const PARAMS = { N: 1024, r: 8, p: 1 } as const;
const TAG = 'test-scrypt';

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 64, PARAMS, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export const testPasswordHashing = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    return `${TAG}:${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    const [tag, salt, key] = hash.split(':');
    if (tag !== TAG || !salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password, salt);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};
