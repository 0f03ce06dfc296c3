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

/**
 * Hono validator backed by a zod schema: invalid input ends as a 400 with the field messages, and the
 * handler reads typed data from c.req.valid(target). With `status: 404`, invalid input is a 404
 * (path ids).
 */
export function validate<T extends z.ZodType, Target extends 'json' | 'query' | 'param'>(
  target: Target,
  schema: T,
  opts: { status?: 404 } = {},
) {
  return validator(target, (value) => {
    if (opts.status !== 404) return parseOrThrow(schema, value);
    // A malformed id names nothing that exists: 404 with the schema's message.
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new AppError('NOT_FOUND', parsed.error.issues[0]?.message);
    return parsed.data as z.infer<T>;
  });
}
