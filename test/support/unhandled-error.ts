// A process that starts error reporting as the server does (main.ts) and then leaves an error
// unhandled: `rejection` or `exception` (test/api/error-reporting.test.ts).
import { loadEnv } from '../../src/server/env';
import { createErrorReporter } from '../../src/server/error-reporting/reporter';
import { createLogger } from '../../src/server/logger';

const kind = process.argv[2];
await createErrorReporter(loadEnv(), createLogger('silent'));
if (kind === 'rejection') {
  void Promise.reject(new Error('Unhandled rejection in the server (test)'));
} else {
  setTimeout(() => {
    throw new Error('Uncaught exception in the server (test)');
  });
}
// Kept alive, as a server would be; the SDK's handlers end the process.
setInterval(() => {}, 1000);
