import type { ApiErrorBody, ErrorCode } from '@common/core/api-types';
import { FIRST_VIEW_MSG as MSG } from '@common/core/first-view-texts';

/** Set when the request never got an answer (offline, server down, proxy error page). */
export type ClientErrorCode = ErrorCode | 'NETWORK';

/** Every failed API call rejects with this, carrying the server's `{ error }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly path: string;

  constructor(opts: {
    status: number;
    code: ClientErrorCode;
    message: string;
    fields?: Record<string, string> | undefined;
    path: string;
  }) {
    super(opts.message);
    this.name = 'ApiError';
    this.status = opts.status;
    this.code = opts.code;
    this.fields = opts.fields;
    this.path = opts.path;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's own words for a refusal worth showing (blocked, gone, invalid), else nothing. */
export function refusalText(error: unknown): string | undefined {
  if (!isApiError(error) || error.status < 400 || error.status >= 500 || error.status === 401)
    return undefined;
  return error.message;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const inner = (value as { error: unknown }).error;
  return (
    typeof inner === 'object' &&
    inner !== null &&
    typeof (inner as { message?: unknown }).message === 'string'
  );
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
};

/**
 * Calls the same-origin JSON API. The session travels in cookies, so there is no token handling
 * here; a 401 is turned into an ApiError and the query client signs the person out (see
 * app/providers/query-client.ts).
 */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'NETWORK', message: MSG.unexpected, path });
  }

  return readResponse<T>(response, path);
}

/** The JSON of an answer, or an ApiError carrying the server's `{ error }` body. */
export async function readResponse<T>(
  response: Pick<Response, 'ok' | 'status' | 'text'>,
  path: string,
): Promise<T> {
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    if (isErrorBody(data)) {
      throw new ApiError({
        status: response.status,
        code: data.error.code,
        message: data.error.message,
        fields: data.error.fields,
        path,
      });
    }
    // Not our API answering (a proxy or gateway error page): no message worth showing.
    throw new ApiError({
      status: response.status,
      code: response.status === 401 ? 'UNAUTHENTICATED' : 'NETWORK',
      message: MSG.unexpected,
      path,
    });
  }

  return data as T;
}
