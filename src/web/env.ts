/**
 * The SPA's build-time environment. This is the only module that reads `import.meta.env`
 * (style.md: "Only env.ts reads the environment"), so a bad value fails in one place with a
 * message that names the variable.
 */
// Plain checks, not zod: this module is in the initial bundle, which has a size budget.
function checkEnv(raw: { VITE_APP_TITLE?: unknown; VITE_API_URL?: unknown }) {
  const issues: { variable: string; message: string }[] = [];
  const title = raw.VITE_APP_TITLE;
  if (title !== undefined && (typeof title !== 'string' || title.trim() === '')) {
    issues.push({
      variable: 'VITE_APP_TITLE',
      message: 'VITE_APP_TITLE must not be empty when it is set',
    });
  }
  const url = raw.VITE_API_URL;
  let validUrl = false;
  if (typeof url === 'string') {
    try {
      validUrl = /^https?:$/.test(new URL(url).protocol);
    } catch {
      validUrl = false;
    }
  }
  if (url !== undefined && !validUrl) {
    issues.push({ variable: 'VITE_API_URL', message: 'VITE_API_URL must be a valid http(s) URL' });
  }
  return {
    issues,
    title: typeof title === 'string' ? title.trim() : undefined,
    url: typeof url === 'string' ? url : undefined,
  };
}

export type ClientEnv = {
  /** Product name shown in the header and in document titles. */
  appTitle: string;
  /** Origin (and optional path prefix) of the API server; same origin unless configured. */
  apiUrl: string;
};

const DEFAULT_APP_TITLE = 'ESOP CRM';

function readEnv(): { env: ClientEnv; invalidVariables: string[] } {
  const checked = checkEnv({
    VITE_APP_TITLE: import.meta.env.VITE_APP_TITLE,
    VITE_API_URL: import.meta.env.VITE_API_URL,
  });
  const fallback: ClientEnv = { appTitle: DEFAULT_APP_TITLE, apiUrl: window.location.origin };
  if (checked.issues.length > 0) {
    for (const issue of checked.issues) {
      console.error(`Invalid environment variable ${issue.variable}: ${issue.message}`);
    }
    return { env: fallback, invalidVariables: [...new Set(checked.issues.map((i) => i.variable))] };
  }
  return {
    env: {
      appTitle: checked.title ?? DEFAULT_APP_TITLE,
      // Trailing slashes would double up when paths are appended.
      apiUrl: (checked.url ?? window.location.origin).replace(/\/+$/, ''),
    },
    invalidVariables: [],
  };
}

const result = readEnv();

/** Validated environment (falls back to defaults when invalid; main.tsx then renders nothing else). */
export const env: ClientEnv = result.env;

/** Names of the variables that failed validation; empty when the environment is valid. */
export const invalidEnvVariables: readonly string[] = result.invalidVariables;
