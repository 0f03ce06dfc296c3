import type { EventInput } from '@common/events/schemas';
import { EVENT_MSG, EVENTS, type EventDetail } from '@common/events/model';
import { sql } from 'drizzle-orm';
import { type Tx } from '../../db/rules';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Bus, Envelope } from '../../platform/bus';
import { deleteImageByUrl, ownUploadedImage, saveImage, type ImageInput } from '../../platform/images';
import { enforce } from '../../platform/rate-limit';
import type { Storage } from '../../platform/storage';
import { attachUpload, recordUpload } from '../../platform/upload-ledger';
import { publishToFeed, removeFromFeed } from '../feed';
import { actorOfViewer, createNotification, notificationEnvelope } from '../notifications';
import { readEvent } from './event-reads.service';
import { changedEnvelope, FROM_EVENTS, notFound, visibleEvent, type EventDeps } from './event-rows';
import { promoteFromWaitlist } from './rsvp.service';
import { isSuperAdminSql } from '../../db/rules';

/*
 * Writing events: create (on the feed in the same transaction), the organizer's
 * edit and cancel (cancelling tells everyone who answered), the cover photo upload, and account
 * deletion's removal of a person's events and answers. RSVPs and invitations are in rsvp.service.ts.
 */

const CREATE_LIMIT = { name: 'events.create', max: EVENTS.createsPerHour, windowSec: 3600 };

/**
 * The cover as stored: null, or the main copy of a cover image this viewer uploaded. Anything
 * else (someone else's upload, an outside address) is refused: deleting the event deletes its file.
 */
export function ownCover(storage: Storage, viewerId: string, url: string | null) {
  return ownUploadedImage(
    storage,
    viewerId,
    url,
    'cover',
    () =>
      new AppError('VALIDATION', EVENT_MSG.coverNotUploaded, { coverPhotoUrl: EVENT_MSG.coverNotUploaded }),
  );
}

/** POST /api/events/covers: a cover photo, re-encoded and stored as the viewer's, unattached for now. */
export async function uploadCover(
  deps: EventDeps,
  viewer: Viewer,
  file: ImageInput,
): Promise<{ url: string }> {
  const saved = await saveImage(deps.storage, file, { preset: 'cover', ownerId: viewer.id });
  await recordUpload(deps.db, deps.storage, viewer.id, saved.url, {
    attached: false,
    bytes: saved.bytes,
  }).catch(async (err) => {
    await deleteImageByUrl(deps.storage, saved.url, viewer.id).catch(() => false);
    throw err;
  });
  return { url: saved.url };
}

async function dropCover(deps: EventDeps, ownerId: string, url: string | null) {
  if (!url) return;
  try {
    const [used] = await deps.db
      .execute(sql`select 1 from events where creator_id = ${ownerId} and cover_photo_url = ${url} limit 1`)
      .then((r) => r.rows);
    if (!used) await deleteImageByUrl(deps.storage, url, ownerId);
  } catch (err) {
    deps.logger.warn({ err, url }, 'could not delete an event cover');
  }
}

function feedItem(id: string, creatorId: string, input: EventInput, cover: string | null) {
  return {
    kind: 'event' as const,
    contentId: id,
    userId: creatorId,
    title: input.title,
    description: input.description || input.location,
    imageUrl: cover,
    link: `/events/${id}`,
  };
}

async function readOwn(deps: EventDeps, viewerId: string, id: string): Promise<EventDetail> {
  const event = await readEvent(deps.db, viewerId, id);
  if (!event) throw notFound();
  return event;
}

/** POST /api/events: any member; on the feed in the same transaction. */
export async function createEvent(deps: EventDeps, viewer: Viewer, input: EventInput): Promise<EventDetail> {
  const cover = await ownCover(deps.storage, viewer.id, input.coverPhotoUrl);
  const id = await deps.db.transaction(async (tx) => {
    await enforce(tx, CREATE_LIMIT, viewer.id);
    const [row] = await tx
      .execute<{ id: string }>(
        sql`insert into events (creator_id, title, description, starts_at, ends_at, meeting_url, location, type,
            cover_photo_url, max_attendees, going_count)
          values (${viewer.id}, ${input.title}, ${input.description}, ${input.startsAt}::timestamptz,
            ${input.endsAt}::timestamptz, ${input.meetingUrl}, ${input.location},
            ${input.type}, ${cover}, ${input.maxAttendees}, 1)
          returning id::text as id`,
      )
      .then((r) => r.rows);
    if (!row) throw new Error('event was not written');
    // The organizer counts as going (their seat is the first); they are not an invitation, so
    // 'Total Invited' leaves them out.
    await tx.execute(
      sql`insert into event_invitations (event_id, invitee_id, status, responded_at)
        values (${row.id}, ${viewer.id}, 'accepted', now())`,
    );
    await attachUpload(tx, deps.storage, cover);
    await publishToFeed({ db: tx, bus: deps.bus }, feedItem(row.id, viewer.id, input, cover));
    return row.id;
  });
  return readOwn(deps, viewer.id, id);
}

/** The viewer's own live event, locked; someone else's answers like a missing one. */
async function lockOwn(tx: Tx, viewerId: string, id: string) {
  const [row] = await tx
    .execute<{ cover_photo_url: string | null; going_count: number; cancelled: boolean }>(
      sql`select e.cover_photo_url, e.going_count, (e.cancelled_at is not null) as cancelled
        from events e where e.id = ${id} and e.creator_id = ${viewerId}
        for update`,
    )
    .then((r) => r.rows);
  if (!row) throw notFound();
  return row;
}

/**
 * PATCH /api/events/{id}: the organizer only. Fewer seats than people going is refused; more
 * seats move people up from the waitlist (first in line first), each notified.
 */
export async function updateEvent(
  deps: EventDeps,
  viewer: Viewer,
  id: string,
  input: EventInput,
): Promise<EventDetail> {
  const cover = await ownCover(deps.storage, viewer.id, input.coverPhotoUrl);
  const { before, envelopes } = await deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, viewer.id, id);
    if (row.cancelled) throw new AppError('CONFLICT', EVENT_MSG.alreadyCancelled);
    if (input.maxAttendees !== null && input.maxAttendees < Number(row.going_count))
      throw new AppError('VALIDATION', EVENT_MSG.maxBelowGoing, { maxAttendees: EVENT_MSG.maxBelowGoing });
    await tx.execute(
      sql`update events set title = ${input.title}, description = ${input.description},
          starts_at = ${input.startsAt}::timestamptz, ends_at = ${input.endsAt}::timestamptz,
          meeting_url = ${input.meetingUrl}, location = ${input.location}, type = ${input.type},
          cover_photo_url = ${cover}, max_attendees = ${input.maxAttendees}, updated_at = now()
        where id = ${id}`,
    );
    await attachUpload(tx, deps.storage, cover);
    await publishToFeed({ db: tx, bus: deps.bus }, feedItem(id, viewer.id, input, cover));
    const out: Envelope[] = [];
    // New seats go to the waitlist, in order.
    while (await promoteFromWaitlist(tx, id, out));
    const [counts] = await tx
      .execute<{ going_count: number; maybe_count: number }>(
        sql`select going_count, maybe_count from events where id = ${id}`,
      )
      .then((r) => r.rows);
    out.push(changedEnvelope(id, counts!));
    return { before: row, envelopes: out };
  });
  deps.bus.publish(...envelopes);
  if (before.cover_photo_url !== cover) await dropCover(deps, viewer.id, before.cover_photo_url);
  return readOwn(deps, viewer.id, id);
}

/**
 * POST /api/events/{id}/cancel: the organizer or a super admin. The event stays readable, marked
 * cancelled, leaves the lists, the feed and search, and everyone who answered is told.
 */
export async function cancelEvent(deps: EventDeps, viewer: Viewer, id: string): Promise<EventDetail> {
  const envelopes = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .execute<{ title: string; cancelled: boolean; creator_id: string }>(
        sql`select e.title, (e.cancelled_at is not null) as cancelled, e.creator_id::text as creator_id
          from ${FROM_EVENTS}
          where e.id = ${id} and ${visibleEvent(viewer.id)}
            and (e.creator_id = ${viewer.id} or ${isSuperAdminSql(viewer.id)})
          for update of e`,
      )
      .then((r) => r.rows);
    // Not the organizer's (nor an admin's): the same 404 as a missing event.
    if (!row) throw notFound();
    if (row.cancelled) throw new AppError('CONFLICT', EVENT_MSG.alreadyCancelled);
    await tx.execute(sql`update events set cancelled_at = now(), updated_at = now() where id = ${id}`);
    await removeFromFeed({ db: tx, bus: deps.bus }, { type: 'event', contentId: id });
    const answered = await tx
      .execute<{ invitee_id: string }>(
        sql`select invitee_id::text as invitee_id from event_invitations
          where event_id = ${id} and status in ('accepted', 'maybe', 'declined', 'waitlisted')
            and invitee_id <> ${row.creator_id}`,
      )
      .then((r) => r.rows);
    const out: Envelope[] = [];
    for (const a of answered) {
      const n = await createNotification(tx, {
        userId: a.invitee_id,
        actorId: viewer.id,
        actor: actorOfViewer(viewer),
        type: 'event_rsvp',
        title: EVENT_MSG.eventCancelled,
        message: EVENT_MSG.cancelledMessage(row.title),
        link: `/events/${id}`,
        relatedId: id,
      });
      if (n) out.push(notificationEnvelope(a.invitee_id, n));
    }
    const [counts] = await tx
      .execute<{ going_count: number; maybe_count: number }>(
        sql`select going_count, maybe_count from events where id = ${id}`,
      )
      .then((r) => r.rows);
    out.push(changedEnvelope(id, counts!));
    return out;
  });
  deps.bus.publish(...envelopes);
  return readOwn(deps, viewer.id, id);
}

/**
 * Account deletion: the person's events go (with their answers and feed items); their answers to
 * others' events go too, each such event's counts corrected under its lock and a freed seat given
 * to the first in line. Returns the covers to delete after commit.
 */
export async function removePersonEvents(
  deps: { db: Tx; bus: Bus },
  userId: string,
): Promise<{ files: string[]; envelopes: Envelope[] }> {
  const own = await deps.db
    .execute<{ id: string; cover_photo_url: string | null }>(
      sql`select id::text as id, cover_photo_url from events where creator_id = ${userId} for update`,
    )
    .then((r) => r.rows);
  for (const e of own) await removeFromFeed(deps, { type: 'event', contentId: e.id });
  await deps.db.execute(sql`delete from events where creator_id = ${userId}`);
  const answers = await deps.db
    .execute<{ event_id: string }>(
      sql`select i.event_id::text as event_id from event_invitations i
        where i.invitee_id = ${userId} and i.status in ('accepted', 'maybe')
        order by i.event_id`,
    )
    .then((r) => r.rows);
  const envelopes: Envelope[] = [];
  for (const { event_id } of answers) {
    await deps.db.execute(sql`select 1 from events where id = ${event_id} for update`);
    const [gone] = await deps.db
      .execute<{ status: string }>(
        sql`delete from event_invitations where event_id = ${event_id} and invitee_id = ${userId} returning status`,
      )
      .then((r) => r.rows);
    if (!gone) continue;
    await deps.db.execute(
      sql`update events set
          going_count = going_count - ${gone.status === 'accepted' ? 1 : 0},
          maybe_count = maybe_count - ${gone.status === 'maybe' ? 1 : 0}
        where id = ${event_id}`,
    );
    if (gone.status === 'accepted') await promoteFromWaitlist(deps.db, event_id, envelopes);
  }
  await deps.db.execute(sql`delete from event_invitations where invitee_id = ${userId}`);
  return {
    files: [...new Set(own.map((e) => e.cover_photo_url).filter((u): u is string => !!u))],
    envelopes,
  };
}
