import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/*
 * A person's uploads in flight, counted across every process and instance (table `upload_places`,
 * UNLOGGED: a place lives no longer than an upload). Each process also bounds its own uploads in
 * flight in memory (uploads.ts); without this count, N processes would let one person read N times
 * as many large bodies at once.
 *
 * A place is taken in one short transaction that holds a lock on the person's key, so two processes
 * taking the person's last place at the same moment cannot both get it. It is given back when the
 * upload's answer is ready; a process that dies with places taken leaves them to expire.
 */

/** How long a place outlives a process that died holding it: longer than any upload is read. */
export const UPLOAD_PLACE_TTL_SEC = 15 * 60;

/** The advisory lock family of upload places (any fixed number unused elsewhere). */
const UPLOAD_PLACE_LOCK = 727_026;

/**
 * Takes one of `personId`'s `perPerson` places: answers the function that gives it back, or null
 * when every place is taken (by any process).
 */
export async function takeSharedUploadPlace(
  db: Db,
  personId: string,
  perPerson: number,
): Promise<(() => Promise<void>) | null> {
  const id = randomUUID();
  const taken = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_PLACE_LOCK}, hashtext(${personId}))`);
    await tx.execute(sql`delete from upload_places where person_id = ${personId} and expires_at <= now()`);
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into upload_places (id, person_id, expires_at)
      select ${id}, ${personId}, now() + make_interval(secs => ${UPLOAD_PLACE_TTL_SEC})
      where (select count(*) from upload_places where person_id = ${personId}) < ${perPerson}
      returning id`);
    return rows.length > 0;
  });
  if (!taken) return null;
  let given = false;
  return async () => {
    if (given) return;
    given = true;
    await db.execute(sql`delete from upload_places where id = ${id}`).catch(() => {
      // The place expires by itself (UPLOAD_PLACE_TTL_SEC).
    });
  };
}

/** Maintenance: forgets places left by processes that died (each person's are also cleared on take). */
export async function sweepUploadPlaces(db: Db): Promise<void> {
  await db.execute(sql`delete from upload_places where expires_at <= now()`);
}
