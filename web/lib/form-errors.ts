import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per top-level field of a failed zod parse, ready to show under each input. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** Moves focus to the first field (in form order) that has an error. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  for (const element of Array.from(form.elements)) {
    const isField =
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement;
    if (isField && element.name && errors[element.name]) {
      element.focus();
      return;
    }
  }
}
