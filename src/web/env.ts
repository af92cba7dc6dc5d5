// zod/mini (not classic zod): this module is in the initial bundle, which has a size budget.
import * as z from 'zod/mini';

/**
 * The SPA's build-time environment. This is the only module that reads `import.meta.env`
 * (style.md: "Only env.ts reads the environment"), so a bad value fails in one place with a
 * message that names the variable.
 */
const clientEnvSchema = z.object({
  VITE_APP_TITLE: z.optional(
    z.string().check(z.trim(), z.minLength(1, 'VITE_APP_TITLE must not be empty when it is set')),
  ),
  VITE_API_URL: z.optional(
    z.url({ protocol: /^https?$/, error: 'VITE_API_URL must be a valid http(s) URL' }),
  ),
});

export type ClientEnv = {
  /** Product name shown in the header and in document titles. */
  appTitle: string;
  /** Origin (and optional path prefix) of the API server; same origin unless configured. */
  apiUrl: string;
};

const DEFAULT_APP_TITLE = 'ESOP CRM';

function readEnv(): { env: ClientEnv; invalidVariables: string[] } {
  const parsed = clientEnvSchema.safeParse({
    VITE_APP_TITLE: import.meta.env.VITE_APP_TITLE,
    VITE_API_URL: import.meta.env.VITE_API_URL,
  });
  const fallback: ClientEnv = { appTitle: DEFAULT_APP_TITLE, apiUrl: window.location.origin };
  if (!parsed.success) {
    const invalidVariables = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
    for (const issue of parsed.error.issues) {
      console.error(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
    }
    return { env: fallback, invalidVariables };
  }
  return {
    env: {
      appTitle: parsed.data.VITE_APP_TITLE ?? DEFAULT_APP_TITLE,
      // Trailing slashes would double up when paths are appended.
      apiUrl: (parsed.data.VITE_API_URL ?? window.location.origin).replace(/\/+$/, ''),
    },
    invalidVariables: [],
  };
}

const result = readEnv();

/** Validated environment (falls back to defaults when invalid; main.tsx then renders nothing else). */
export const env: ClientEnv = result.env;

/** Names of the variables that failed validation; empty when the environment is valid. */
export const invalidEnvVariables: readonly string[] = result.invalidVariables;
