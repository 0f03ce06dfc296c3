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
export const ZOk = z.object({ ok: z.literal(true) });

/**
 * A JSON object (or list) whose fields are not described one by one yet: the check still proves the answer is
 * an object, and an area replaces it with its own schema when it describes the route fully.
 */
export const ZJsonObject = z
  .union([z.looseObject({}), z.array(z.unknown())])
  .meta({ description: 'A JSON object or list (fields not described yet).' });

/** GET /api/health. */
export const ZHealth = z.object({ status: z.enum(['ok', 'degraded']), database: z.boolean() });
