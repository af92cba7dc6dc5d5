import { randomBytes } from 'node:crypto';

/** A fresh address per call, so each test owns its user (the SMTP test server accepts all). */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@esop-crm.test`;
}

export const TEST_PASSWORD = 'correct-horse-battery-9';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** A new user's credentials (not yet signed up). */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  return { name: 'Eva Lawyer', email: uniqueEmail(), password: TEST_PASSWORD, ...overrides };
}
