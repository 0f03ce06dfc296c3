import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError, fieldsFromIssues } from './errors';

/** The parsed value, or a 400 AppError with the first message and every field's message. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const fields = fieldsFromIssues(parsed.error.issues);
    throw new AppError('VALIDATION', Object.values(fields)[0], fields);
  }
  return parsed.data;
}

export type RequestTarget = 'json' | 'query' | 'param';

/**
 * What a validate() middleware checks, kept on the middleware itself: the OpenAPI document
 * (platform/openapi.ts) reads a route's parameters and body from the very schemas that validate
 * them, so the description cannot drift from the check (docs/decisions/024).
 */
const requestSchemas = new WeakMap<object, { target: RequestTarget; schema: z.ZodType; status?: 404 }>();

/** The target and schema a route handler validates, when it is a validate() middleware. */
export function requestSchemaOf(handler: unknown) {
  return typeof handler === 'function' ? requestSchemas.get(handler) : undefined;
}

/**
 * Hono validator backed by a zod schema: invalid input ends as a 400 with the field messages, and the
 * handler reads typed data from c.req.valid(target). With `status: 404`, invalid input is a 404
 * (path ids).
 */
export function validate<T extends z.ZodType, Target extends RequestTarget>(
  target: Target,
  schema: T,
  opts: { status?: 404 } = {},
) {
  const middleware = validator(target, (value) => {
    if (opts.status !== 404) return parseOrThrow(schema, value);
    // A malformed id names nothing that exists: 404 with the schema's message.
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new AppError('NOT_FOUND', parsed.error.issues[0]?.message);
    return parsed.data as z.infer<T>;
  });
  requestSchemas.set(middleware, { target, schema, status: opts.status });
  return middleware;
}
