import type { ApiErrorBody, ErrorCode } from '@common/core/api-types';
import { MSG } from '@common/core/texts';

const STATUS: Record<ErrorCode, 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  VALIDATION: MSG.fillAllFields,
  UNAUTHENTICATED: MSG.unauthenticated,
  FORBIDDEN: MSG.forbidden,
  NOT_FOUND: MSG.notFound,
  CONFLICT: 'This already exists.',
  PAYLOAD_TOO_LARGE: MSG.bodyTooLarge,
  RATE_LIMITED: MSG.tooManyRequests,
  INTERNAL: MSG.unexpected,
};

/** A failure the client may see. Services throw it; one handler turns it into the JSON body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** RATE_LIMITED: seconds until a retry may succeed (the Retry-After header). */
  readonly retryAfter: number | undefined;
  constructor(
    code: ErrorCode,
    message?: string,
    fields?: Record<string, string>,
    opts: { retryAfter?: number } = {},
  ) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.code = code;
    this.fields = fields;
    this.retryAfter = opts.retryAfter;
  }
  get status() {
    return STATUS[this.code];
  }
}

export function errorBody(code: ErrorCode, message?: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: { code, message: message ?? DEFAULT_MESSAGE[code], ...(fields ? { fields } : {}) } };
}

export function statusOf(code: ErrorCode) {
  return STATUS[code];
}

/** Turn zod issues into { field: first message } with one summary message. */
export function fieldsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
