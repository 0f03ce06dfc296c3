import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { isApiError } from './api-client';
import { focusFirstError, toFieldErrors, type FieldErrors } from './form-errors';
import { toast, type ToastOptions } from './toast';

/**
 * A form checked by one of the shared zod schemas (common/), the same ones the server applies:
 * invalid input shows each field's message under it and focuses the first, without a request;
 * the server's field errors land in the same place. A refused save also says so in the form's one
 * error toast (`failed`), which the next failure replaces and a save that goes through takes away
 * (`succeeded`).
 */
export function useSchemaForm<T extends z.ZodType>(schema: T, read: (data: FormData) => unknown) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const toastId = `form-error-${useId()}`;
  const hasErrorToast = useRef(false);

  const showErrors = (next: FieldErrors, target: HTMLFormElement | null = form) => {
    setErrors(next);
    if (target) focusFirstError(target, next);
  };

  /** Puts the server's field errors next to their fields; false when the error had none. */
  const showServerErrors = (error: unknown): boolean => {
    if (!isApiError(error) || !error.fields || Object.keys(error.fields).length === 0) return false;
    showErrors(error.fields);
    return true;
  };

  return {
    errors,
    showErrors,
    showServerErrors,
    /**
     * A refused save: the server's field errors beside their fields and, as well, the form's error
     * toast. With field errors the toast leaves out its description, which would only repeat them.
     */
    failed: (error: unknown, message: ReactNode, options: Omit<ToastOptions, 'id'> = {}) => {
      const { description, ...rest } = options;
      const hasFields = showServerErrors(error);
      toast.error(message, { ...rest, ...(hasFields ? {} : { description }), id: toastId });
      hasErrorToast.current = true;
    },
    /**
     * The save went through: the form's error toast, if it showed one, goes (sonner is loaded by
     * then; kept out of toast.ts, which the first view loads).
     */
    succeeded: () => {
      if (!hasErrorToast.current) return;
      hasErrorToast.current = false;
      void import('sonner').then(({ toast: sonner }) => sonner.dismiss(toastId));
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
