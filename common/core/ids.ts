/*
 * Our ids are uuids. One check for all of them: a page asks before calling the API, a topic or a
 * feed item before a query, so a malformed id is "not there" without a database error.
 */

/** The text of a uuid (any version), for patterns that embed one. */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A whole uuid, in either case. */
export const UUID = new RegExp(`^${UUID_SOURCE}$`, 'i');

/** Whether a text can be one of our ids at all. */
export function isUuid(id: string | null | undefined): id is string {
  return !!id && UUID.test(id);
}
