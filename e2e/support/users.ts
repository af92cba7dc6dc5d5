import { randomBytes } from 'node:crypto';

/** A short random suffix that keeps a journey's names its own (a company, an address). */
export function uniqueSuffix(): string {
  return randomBytes(5).toString('hex');
}

/** A fresh address per call, so each test owns its user (the SMTP test server accepts all). */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${uniqueSuffix()}@esop-crm.test`;
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
