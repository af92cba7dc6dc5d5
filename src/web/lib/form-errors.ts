import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Copies the API's `error.fields` (`{ fieldName: message }`) onto the form so server-side
 * validation shows inline, next to the input it concerns. Returns the names that matched a field
 * of this form; the first one gets focus.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): Path<T>[] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  const known = new Set<string>(fieldNames);
  const matched: Path<T>[] = [];
  for (const [name, message] of Object.entries(error.fields)) {
    if (!known.has(name)) continue;
    const field = name as Path<T>;
    setError(field, { type: 'server', message }, { shouldFocus: matched.length === 0 });
    matched.push(field);
  }
  return matched;
}
