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

/** The cursor a page handed out (null without one), or a 400 with `message`. */
export const readTimeCursor = (cursor: string | undefined, message: string): TimeCursor | null =>
  cursor ? decodeTimeCursor(cursor, message) : null;

/** A page of rows read one over `limit`, with its cursor (each row's sort time and id). */
export function pageOf<R extends { sort_micros: string; id: string }, T>(
  rows: R[],
  limit: number,
  map: (r: R) => T,
): { items: T[]; nextCursor: string | null } {
  const { page, more } = splitPage(rows, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(map),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.sort_micros, id: last.id }) : null,
  };
}

/** `(column, id) < cursor` (newest first) or `>` (oldest first); true without a cursor. */
export function afterCursor(column: SQL, id: SQL, cursor: TimeCursor | null, dir: 'desc' | 'asc'): SQL {
  if (!cursor) return sql`true`;
  return dir === 'desc'
    ? sql`(${column}, ${id}) < (${cursorTime(cursor)}, ${cursor.id}::uuid)`
    : sql`(${column}, ${id}) > (${cursorTime(cursor)}, ${cursor.id}::uuid)`;
}
