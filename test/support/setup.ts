import { afterEach, beforeEach, vi } from 'vitest';
import { pinClock } from '../../src/server/clock';
import { allowedConsoleErrors } from './console';

// `npm run test:clock`: the tests' own "today" runs from the same pinned instant as the server's
// (createTestApp passes TEST_CLOCK on), before any test module computes a date.
if (process.env.TEST_CLOCK) pinClock(new Date(process.env.TEST_CLOCK));

// style.md: console.error during a test fails it (an error nobody asserted on is a bug).
// A test that expects a library to log may allow it with `allowConsoleError(/pattern/)`.
let errors: string[] = [];
beforeEach(() => {
  errors = [];
  allowedConsoleErrors.length = 0;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  const unexpected = errors.filter((e) => !allowedConsoleErrors.some((p) => p.test(e)));
  if (unexpected.length > 0) {
    throw new Error(`console.error was called during the test:\n${unexpected.join('\n')}`);
  }
});
