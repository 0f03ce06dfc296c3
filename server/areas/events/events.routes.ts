import {
  ZCandidateQuery,
  ZEventId,
  ZEventInput,
  ZEventListQuery,
  ZGuestQuery,
  ZInvite,
  ZInviteGroup,
  ZRsvp,
} from '@common/events/schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { withImageUpload } from '../../platform/uploads';
import { deleteEvent } from './event-delete.service';
import { eventIcs } from './event-ics';
import { getEvent, listEvents, listGuests } from './event-reads.service';
import { notFound, type EventDeps } from './event-rows';
import { cancelEvent, createEvent, updateEvent, uploadCover } from './events.service';
import { invite, inviteCandidates, inviteGroup, rsvp } from './rsvp.service';
import { sql } from 'drizzle-orm';

/** Events: lists, pages and guest lists are public; everything else needs a member. */
export function eventRoutes(deps: EventDeps & { allowedOrigins: string[] }) {
  const id = validate('param', ZEventId, { status: 404 });
  return new Hono<AppEnv>()
    .get('/events', validate('query', ZEventListQuery), async (c) =>
      c.json(await listEvents(deps, c.get('viewer'), c.req.valid('query'))),
    )
    .post('/events/covers', async (c) => {
      const viewer = requireViewer(c);
      const cover = await withImageUpload(c, deps, viewer.id, (file) => uploadCover(deps, viewer, file));
      return c.json(cover, 201);
    })
    .post('/events', validate('json', ZEventInput), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await createEvent(deps, viewer, c.req.valid('json')), 201);
    })
    .get('/events/:id', id, async (c) =>
      c.json(await getEvent(deps, c.get('viewer'), c.req.valid('param').id)),
    )
    .patch('/events/:id', id, validate('json', ZEventInput), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await updateEvent(deps, viewer, c.req.valid('param').id, c.req.valid('json')));
    })
    .delete('/events/:id', id, async (c) => {
      const viewer = requireViewer(c);
      await deleteEvent(deps, viewer, c.req.valid('param').id);
      return c.json({ ok: true as const });
    })
    .post('/events/:id/cancel', id, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await cancelEvent(deps, viewer, c.req.valid('param').id));
    })
    .put('/events/:id/rsvp', id, validate('json', ZRsvp), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await rsvp(deps, viewer, c.req.valid('param').id, c.req.valid('json').status));
    })
    .get('/events/:id/guests', id, validate('query', ZGuestQuery), async (c) =>
      c.json(await listGuests(deps, c.get('viewer'), c.req.valid('param').id, c.req.valid('query'))),
    )
    .get('/events/:id/invitable', id, validate('query', ZCandidateQuery), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await inviteCandidates(deps, viewer, c.req.valid('param').id, c.req.valid('query')));
    })
    .post('/events/:id/invitations', id, validate('json', ZInvite), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await invite(deps, viewer, c.req.valid('param').id, c.req.valid('json').userIds));
    })
    .post('/events/:id/invitations/group', id, validate('json', ZInviteGroup), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await inviteGroup(deps, viewer, c.req.valid('param').id, c.req.valid('json').groupId));
    })
    .get('/events/:id/calendar.ics', id, async (c) => {
      const event = await getEvent(deps, c.get('viewer'), c.req.valid('param').id);
      const [row] = await deps.db
        .execute<{ updated_at: string | Date }>(sql`select updated_at from events where id = ${event.id}`)
        .then((r) => r.rows);
      if (!row) throw notFound();
      const base = deps.allowedOrigins[0] ?? '';
      const body = eventIcs({
        id: event.id,
        title: event.title,
        description: event.description,
        location: event.location,
        startsAt: new Date(event.startsAt),
        endsAt: event.endsAt ? new Date(event.endsAt) : null,
        meetingUrl: event.meetingUrl,
        url: `${base}/events/${event.id}`,
        cancelled: event.cancelled,
        updatedAt: new Date(row.updated_at),
      });
      return c.body(body, 200, {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="event-${event.id}.ics"`,
      });
    });
}
