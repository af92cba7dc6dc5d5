import type { ErrorCode } from '../../contracts/errors';

const STATUS: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_SHARES: 409,
  SHARE_NUMBERS_OVERLAP: 409,
  RECEIPTS_EXCEED_SHARES: 409,
  SHARES_AUTHORIZED_EXCEEDED: 409,
  POOL_EXHAUSTED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** The one error type services throw; `onError` maps it to HTTP. */
export class AppError extends Error {
  readonly status: (typeof STATUS)[ErrorCode];
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = STATUS[code];
  }

  toBody() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** A 400 naming one or more fields. */
export function validationError(fields: Record<string, string>): AppError {
  const [first] = Object.entries(fields);
  const message = first ? `${first[0]}: ${first[1]}` : 'Invalid request';
  return new AppError('VALIDATION_ERROR', message, fields);
}

/** The error code that goes with an HTTP status (for errors raised by Hono itself). */
export function codeForStatus(status: number): ErrorCode {
  const found = (Object.entries(STATUS) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (found) return found[0];
  return status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR';
}
