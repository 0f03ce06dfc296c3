import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { isApiError } from './api-client';
import { focusFirstError, toFieldErrors, type FieldErrors } from './form-errors';

/**
 * A form checked by one of the shared zod schemas (common/), the same ones the server applies:
 * invalid input shows each field's message under it and focuses the first, without a request;
 * the server's field errors land in the same place.
 */
export function useSchemaForm<T extends z.ZodType>(schema: T, read: (data: FormData) => unknown) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [form, setForm] = useState<HTMLFormElement | null>(null);

  const showErrors = (next: FieldErrors, target: HTMLFormElement | null = form) => {
    setErrors(next);
    if (target) focusFirstError(target, next);
  };

  return {
    errors,
    showErrors,
    /** Puts the server's field errors next to their fields; false when the error had none. */
    showServerErrors(error: unknown): boolean {
      if (!isApiError(error) || !error.fields || Object.keys(error.fields).length === 0) return false;
      showErrors(error.fields);
      return true;
    },
    onSubmit: (onValid: (data: z.infer<T>) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const target = event.currentTarget;
      setForm(target);
      const parsed = schema.safeParse(read(new FormData(target)));
      if (!parsed.success) {
        showErrors(toFieldErrors(parsed.error), target);
        return;
      }
      setErrors({});
      onValid(parsed.data);
    },
    /** name, error and a change handler that clears the field's error, for <Field>. */
    field: (name: string) => ({
      name,
      error: errors[name],
      onChange: () => setErrors((current) => ({ ...current, [name]: undefined })),
    }),
  };
}
