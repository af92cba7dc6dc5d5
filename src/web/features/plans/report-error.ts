import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';

/**
 * After a rejected save: the API's `error.fields` (400 validation, a 409 CONFLICT on the name, a
 * 409 POOL_EXHAUSTED on the pool) go inline next to the input, nested names such as
 * `acceleration.windowMonths` included; the server's message also goes to a toast, so a refusal
 * about a field the form does not show is not lost, and POOL_EXHAUSTED keeps its
 * "(available: n)".
 */
export function reportSaveError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
  fallback: string,
) {
  applyServerFieldErrors(error, setError, fieldNames);
  // 401 is handled globally (redirect to sign-in with its own toast).
  if (!(error instanceof ApiError && error.status === 401)) {
    toast.error(errorMessage(error, fallback));
  }
}

/** After a rejected delete: the server's message (a 409 says what still depends on the row). */
export function reportDeleteError(error: unknown, fallback: string) {
  if (!(error instanceof ApiError && error.status === 401)) {
    toast.error(errorMessage(error, fallback));
  }
}
