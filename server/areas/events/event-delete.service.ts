import { EVENT_MSG } from '@common/events/model';
import { sql } from 'drizzle-orm';
import type { Viewer } from '../../lib/context';
import { deleteImageByUrl } from '../../platform/images';
import type { Envelope } from '../../platform/bus';
import { removeFromFeed } from '../feed';
import { createNotification, notificationEnvelope } from '../notifications';
import { changedEnvelope, notFound, type EventDeps } from './event-rows';

/**
 * DELETE /api/events/{id}: the organizer only (cancelling is the admins' tool; deleting is the
 * organizer's own). The event, its answers and its feed item go in one transaction; whoever had
 * answered (and had not been told of a cancellation already) is told, with a link to the list
 * since the page is gone. Open event pages hear a change and find the event missing. Someone
 * else's event answers 404 like a missing one.
 */
export async function deleteEvent(deps: EventDeps, viewer: Viewer, id: string): Promise<void> {
  const { cover, envelopes } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .execute<{ title: string; cover_photo_url: string | null; cancelled: boolean }>(
        sql`select e.title, e.cover_photo_url, (e.cancelled_at is not null) as cancelled
          from events e where e.id = ${id} and e.creator_id = ${viewer.id}
          for update`,
      )
      .then((r) => r.rows);
    if (!row) throw notFound();
    const out: Envelope[] = [];
    if (!row.cancelled) {
      const answered = await tx
        .execute<{ invitee_id: string }>(
          sql`select invitee_id::text as invitee_id from event_invitations
            where event_id = ${id} and status in ('accepted', 'maybe', 'waitlisted')
              and invitee_id <> ${viewer.id}`,
        )
        .then((r) => r.rows);
      for (const a of answered) {
        const n = await createNotification(tx, {
          userId: a.invitee_id,
          actorId: viewer.id,
          type: 'event_rsvp',
          title: EVENT_MSG.eventDeleted,
          message: EVENT_MSG.deletedMessage(row.title),
          link: '/events',
          relatedId: null,
        });
        if (n) out.push(notificationEnvelope(a.invitee_id, n));
      }
    }
    await removeFromFeed({ db: tx, bus: deps.bus }, { type: 'event', contentId: id });
    await tx.execute(sql`delete from events where id = ${id}`);
    out.push(changedEnvelope(id, { going_count: 0, maybe_count: 0 }));
    return { cover: row.cover_photo_url, envelopes: out };
  });
  deps.bus.publish(...envelopes);
  if (!cover) return;
  try {
    const [used] = await deps.db
      .execute(
        sql`select 1 from events where creator_id = ${viewer.id} and cover_photo_url = ${cover} limit 1`,
      )
      .then((r) => r.rows);
    if (!used) await deleteImageByUrl(deps.storage, cover, viewer.id);
  } catch (err) {
    deps.logger.warn({ err, url: cover }, 'could not delete an event cover');
  }
}
