/** Minimal leveled logger writing to stdout/stderr; tests pass a silent one. */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LEVELS)[number];

export function createLogger(level: LogLevel): Logger {
  const min = LEVELS.indexOf(level);
  const on = (l: LogLevel) => LEVELS.indexOf(l) >= min && level !== 'silent';
  return {
    debug: (m) => on('debug') && console.log(m),
    info: (m) => on('info') && console.log(m),
    warn: (m) => on('warn') && console.warn(`warning: ${m}`),
    error: (m, e) => on('error') && console.error(m, e ?? ''),
  };
}
