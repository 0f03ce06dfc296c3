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
 * handler reads typed data from c.req.valid(target).
 */
export function validate<T extends z.ZodType, Target extends 'json' | 'query' | 'param'>(
  target: Target,
  schema: T,
) {
  return validator(target, (value) => parseOrThrow(schema, value));
}
