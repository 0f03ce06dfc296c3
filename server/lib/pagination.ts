import { UUID_SOURCE } from '@common/core/ids';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from './errors';

/** Rows read one over `limit`: the page, and whether more follow. */
export function splitPage<T>(items: T[], limit: number): { page: T[]; more: boolean } {
  const more = items.length > limit;
  return { page: more ? items.slice(0, limit) : items, more };
}

/**
 * A page's place in a list ordered by (a timestamp, a uuid): the timestamp in microseconds, which is
 * what PostgreSQL keeps (a JS Date would round it and skip or repeat rows of the same instant), and
 * the id that breaks ties. Opaque to clients (base64url).
 */
export type TimeCursor = { micros: string; id: string };

/** A timestamp column as the microseconds a TimeCursor carries, exactly, as text. */
export const microsOf = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** The cursor's timestamp, for comparing with `(column, id)` in a where clause the index serves. */
export const cursorTime = (c: TimeCursor) =>
  sql`('epoch'::timestamptz + ${c.micros}::bigint * interval '1 microsecond')`;

export const encodeTimeCursor = (c: TimeCursor) => Buffer.from(`${c.micros}:${c.id}`).toString('base64url');

const TIME_CURSOR = new RegExp(`^(\\d{1,18}):(${UUID_SOURCE})$`, 'i');

/** The cursor a page handed out, or a 400 with `message` (on `fields.cursor` too). */
export function decodeTimeCursor(cursor: string, message: string): TimeCursor {
  const m = TIME_CURSOR.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!m) throw new AppError('VALIDATION', message, { cursor: message });
  return { micros: m[1]!, id: m[2]! };
}
