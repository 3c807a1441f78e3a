import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts a refused request's per-field messages (the `errors` of a 400 or 409) on the form fields it
 * names, beside the schema's own errors. Returns the fields that got one, so a form can say the
 * reason elsewhere when none did.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  { focusFirst = false }: { focusFirst?: boolean } = {},
): FieldPath<T>[] {
  if (!(error instanceof ApiError)) return [];
  const messages = error.fieldErrors;
  const shown = fields.filter((field) => messages[field]);
  shown.forEach((field, index) =>
    setError(field, { type: 'server', message: messages[field] }, { shouldFocus: focusFirst && index === 0 }),
  );
  return shown;
}
