import { z } from 'zod';

/*
 * Response shapes shared by every area, for the OpenAPI description (server/platform/openapi.ts)
 * and the test-mode check that every answer matches it.
 */

const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
] as const;

/** The one error shape of the whole API (ApiErrorBody in api-types.ts). */
export const ZApiError = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** A write that answers only that it happened. */
export const ZOk = z.strictObject({ ok: z.literal(true) });

/**
 * A JSON object (or list) whose fields are not described one by one yet: the check still proves the answer is
 * an object, and an area replaces it with its own schema when it describes the route fully.
 */
export const ZJsonObject = z
  .union([z.looseObject({}), z.array(z.unknown())])
  .meta({ description: 'A JSON object or list (fields not described yet).' });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A response schema tied to the TypeScript type the route returns: `answers<Group>()(z.object({...}))`
 * fails to compile when the schema and the type drift apart (a field added, renamed or made optional on
 * one side only). Each area keeps its schemas in `common/<area>/responses.ts`.
 */
export function answers<T>() {
  return <S extends z.ZodType>(schema: S, ..._same: Same<z.output<S>, T> extends true ? [] : [never]): S =>
    schema;
}

/** One page of a cursor-paged list: `{ items, nextCursor }`. */
export const zPage = <I extends z.ZodType>(item: I) =>
  z.strictObject({ items: z.array(item), nextCursor: z.string().nullable() });

/**
 * An ISO 8601 date-time as the API writes it (`Date.toJSON()`: 2026-01-31T09:30:00.000Z). Checked, so a
 * date passed on as the database's own text ("2026-01-31 09:30:00+00") fails the test-mode check.
 */
export const ZIsoDate = z
  .string()
  .refine(
    (s) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s),
    'Expected an ISO 8601 date-time',
  )
  .meta({ format: 'date-time' });

/** `{ url }`: where an uploaded picture can be read. */
export const ZUploadedImage = z.strictObject({ url: z.string() });

/** GET /api/health. */
export const ZHealth = z.strictObject({ status: z.enum(['ok', 'degraded']), database: z.boolean() });
