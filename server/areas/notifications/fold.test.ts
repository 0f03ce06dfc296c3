import { randomUUID } from 'node:crypto';
import type { NotificationPage } from '@common/notifications/model';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createNotification } from './notifications.service';
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

  it('repeated messages from one person fold into one notification, which the bell does not count', async () => {
    const [sender, receiver, other] = [await newMember(t), await newMember(t), await newMember(t)];
    const send = (from: Person, content: string) =>
      from.agent.post('/api/messages', { receiverId: receiver.id, clientId: randomUUID(), content });
    for (const text of ['Hi!', 'Are you there?', 'About the pitch deck'])
      expect((await send(sender, text)).status).toBeLessThan(300);
    const messages = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, receiver.id), eq(notifications.type, 'message')));
    expect(messages).toHaveLength(1);
    // A direct message raises the messages badge, not the bell.
    const page = await receiver.agent.get<NotificationPage>('/api/notifications');
    expect(page.body.items.filter((n) => n.type === 'message')).toHaveLength(1);
    expect(page.body.unreadCount).toBe(0);
    const unread = await receiver.agent.get<{ messages: number }>('/api/messages/unread');
    expect(unread.body.messages).toBe(3);
    // Anything else still does.
    expect((await other.agent.post(`/api/connections/${receiver.id}/request`)).status).toBeLessThan(300);
    expect((await receiver.agent.get<NotificationPage>('/api/notifications')).body.unreadCount).toBe(1);
  });
});

describe("the bell's unread count on a page of notifications", () => {
  it('is the same on every page, past the last one too, and is 0 for someone with none', async () => {
    const [me, a, b, c] = [await newMember(t), await newMember(t), await newMember(t), await newMember(t)];
    const page = (query = '') => me.agent.get<NotificationPage>(`/api/notifications${query}`);
    expect((await page()).body).toMatchObject({ items: [], unreadCount: 0, nextCursor: null });
    for (const from of [a, b, c])
      expect((await from.agent.post(`/api/connections/${me.id}/request`)).status).toBeLessThan(300);
    const first = await page('?limit=1');
    expect(first.body.items).toHaveLength(1);
    expect(first.body.unreadCount).toBe(3);
    let cursor = first.body.nextCursor;
    const seen = [first.body.items[0]!.id];
    while (cursor) {
      const next = await page(`?limit=1&cursor=${cursor}`);
      expect(next.body.unreadCount).toBe(3);
      seen.push(...next.body.items.map((n) => n.id));
      cursor = next.body.nextCursor;
    }
    expect(new Set(seen).size).toBe(3);
    // Past the last one (a page with no rows) the count is still asked.
    expect((await page(`?limit=1&cursor=${seen.at(-1)}`)).body).toMatchObject({ items: [], unreadCount: 3 });
    const one = first.body.items[0]!.id;
    expect((await me.agent.post(`/api/notifications/${one}/read`)).status).toBe(200);
    expect((await page()).body.unreadCount).toBe(2);
    expect((await me.agent.post('/api/notifications/read-all')).status).toBe(200);
    expect((await page()).body.unreadCount).toBe(0);
    // Someone else's count is their own.
    expect((await a.agent.get<NotificationPage>('/api/notifications')).body.unreadCount).toBe(0);
  });
});

describe('what a live notification tells the page (it keeps its counts without asking)', () => {
  it('a new row is created when last updated; a fold into an unread one is updated later; the counts follow', async () => {
    const [sender, receiver, other] = [await newMember(t), await newMember(t), await newMember(t)];
    const s = await socketOf(url, receiver);
    const bellBefore = (await receiver.agent.get<NotificationPage>('/api/notifications?limit=10')).body;
    const unreadBefore = (
      await receiver.agent.get<{ messages: number; inquiries: number }>('/api/messages/unread')
    ).body;
    for (const text of ['Hi!', 'Are you there?'])
      expect(
        (
          await sender.agent.post('/api/messages', {
            receiverId: receiver.id,
            clientId: randomUUID(),
            content: text,
          })
        ).status,
      ).toBeLessThan(300);
    expect((await other.agent.post(`/api/connections/${receiver.id}/request`)).status).toBeLessThan(300);
    await settle(s);
    const told = eventsOf(s, 'notification.created').map((e) => e.notification);
    const [first, folded] = told.filter((n) => n.type === 'message');
    expect(first!.updatedAt).toBe(first!.createdAt);
    expect(folded!.id).toBe(first!.id);
    expect(Date.parse(folded!.updatedAt)).toBeGreaterThan(Date.parse(folded!.createdAt));
    const request = told.find((n) => n.type !== 'message')!;
    expect(request.updatedAt).toBe(request.createdAt);
    // What the page computes from the events (one more unread for a new row counting on the bell,
    // one more unread message per message received) is what the server answers now.
    const news = told.filter((n) => n.type !== 'message' && n.updatedAt === n.createdAt).length;
    const bellAfter = (await receiver.agent.get<NotificationPage>('/api/notifications?limit=10')).body;
    expect(bellAfter.unreadCount).toBe(bellBefore.unreadCount + news);
    const received = eventsOf(s, 'message.created').filter((e) => e.message.receiverId === receiver.id);
    expect(received).toHaveLength(2);
    const unreadAfter = (await receiver.agent.get<{ messages: number }>('/api/messages/unread')).body;
    expect(unreadAfter.messages).toBe(unreadBefore.messages + received.length);
    // The page's order: the newest change first, as the events put them.
    expect(bellAfter.items.map((n) => n.id).slice(0, 2)).toEqual([request.id, first!.id]);
    s.close();
  });

  it('a fold made at the same instant as its row (one transaction: one now()) still reads as a fold', async () => {
    const [actor, person] = [await newMember(t), await newMember(t)];
    const told = await t.db.transaction(async (tx) => {
      const input = {
        userId: person.id,
        actorId: actor.id,
        type: 'message' as const,
        title: 'New message',
        message: 'Hi',
        link: '/messages',
        relatedId: null,
        groupKey: `message:${actor.id}`,
      };
      return [
        await createNotification(tx, input),
        await createNotification(tx, { ...input, message: 'Hi again' }),
      ];
    });
    const [first, folded] = told;
    expect(folded!.id).toBe(first!.id);
    expect(first!.updatedAt).toBe(first!.createdAt);
    // Before, the fold's updated_at was now(), equal to created_at here: the page counted it twice.
    expect(folded!.updatedAt).not.toBe(folded!.createdAt);
  });
});
