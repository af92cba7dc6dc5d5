export const allowedConsoleErrors: RegExp[] = [];

/** Lets the current test log errors matching `pattern` (e.g. a library's own rejection log). */
export function allowConsoleError(pattern: RegExp): void {
  allowedConsoleErrors.push(pattern);
}
