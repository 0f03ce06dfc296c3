import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { eventsOf, newMember, settle, socketOf, type Person } from '../../test/realtime-kit';

/*
 * Issue 26: switching an answer to an event sixty times sent the organizer fifty-odd
 * notifications. Repeats about one thing (same person told, same actor, same kind, same subject)
 * now fold into the unread one: one row saying the latest, no new live event, no new push.
 */

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.listen();
});
afterAll(() => t?.close());

async function newEvent(organizer: Person) {
  const res = await organizer.agent.post<{ id: string }>('/api/events', {
    title: 'Founders breakfast',
    description: 'Coffee and hiring stories.',
    startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    location: 'The Hub',
    type: 'in_person',
    maxAttendees: null,
    coverPhotoUrl: null,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const rsvpsTo = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'event_rsvp')));

describe('repeated notifications about one thing', () => {
  it('an RSVP switched 20 times gives the organizer one notification with the latest answer, announced once', async () => {
    const [organizer, guest, other] = [await newMember(t), await newMember(t), await newMember(t)];
    const id = await newEvent(organizer);
    const s = await socketOf(url, organizer);
    const answers = ['accepted', 'declined', 'maybe'] as const;
    for (let i = 0; i < 20; i++) {
      const res = await guest.agent.request('PUT', `/api/events/${id}/rsvp`, { status: answers[i % 3] });
      expect(res.status, res.text).toBe(200);
    }
    const rows = await rsvpsTo(organizer.id);
    expect(rows).toHaveLength(1);
    // The 20th answer (declined) is what it says.
    expect(rows[0]!.message).toMatch(/Can.t Go/);
    await settle(s);
    expect(
      eventsOf(s, 'notification.created').filter((e) => e.notification.type === 'event_rsvp'),
    ).toHaveLength(1);

    // Another guest's answer is its own notification.
    expect((await other.agent.request('PUT', `/api/events/${id}/rsvp`, { status: 'accepted' })).status).toBe(
      200,
    );
    expect(await rsvpsTo(organizer.id)).toHaveLength(2);

    // Once read, the next change is news again.
    expect((await organizer.agent.post('/api/notifications/read-all')).status).toBe(200);
    expect((await guest.agent.request('PUT', `/api/events/${id}/rsvp`, { status: 'maybe' })).status).toBe(
      200,
    );
    expect(await rsvpsTo(organizer.id)).toHaveLength(3);
    s.close();
  });
});
