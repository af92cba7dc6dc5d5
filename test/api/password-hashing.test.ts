import { eq } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { account } from '../../src/server/db/schema';
import { createTestApp } from '../support/app';

/**
 * The test suites hash passwords with a cheap scrypt (TEST_PASSWORD_HASHING=fast, decision 034);
 * the product uses better-auth's own. Both are checked here: what is stored, that it verifies,
 * and that a wrong password does not sign in.
 */
async function storedHash(hashing: string) {
  const t = await createTestApp({ env: { TEST_PASSWORD_HASHING: hashing } });
  try {
    const user = await t.signUp({ password: 'correct horse battery' });
    const [row] = await t.db
      .select({ password: account.password })
      .from(account)
      .where(eq(account.userId, user.userId));
    const wrong = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: user.email, password: 'wrong horse battery' },
    });
    expect(wrong.status).toBe(401);
    return row!.password!;
  } finally {
    await t.close();
  }
}

describe('password hashing', () => {
  it('is better-auth’s scrypt unless a test rig asks for the cheap one', async () => {
    // '' counts as unset (loadEnv), as in production.
    const hash = await storedHash('');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: 'correct horse battery' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'wrong horse battery' })).toBe(false);
  });

  it('is the cheap scrypt on test rigs, which better-auth’s own check does not accept', async () => {
    const hash = await storedHash('fast');
    expect(hash).toMatch(/^test-scrypt:[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: 'correct horse battery' })).toBe(false);
  });
});
