import { isApiError } from '@web/lib/api-client';

/** The server's reason when it gave one (a refusal), else the document's line. */
export function failureText(error: unknown, fallback: string) {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback;
}
