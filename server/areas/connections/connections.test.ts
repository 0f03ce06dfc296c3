import { randomUUID } from 'node:crypto';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import { CONNECTION_MSG, PROFILE_MSG, type ConnectionState } from '@common/profiles/model';
import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, notifications } from '../../db/schema';
import { type Agent, createTestApp, openSocket, signedUpPerson, type TestApp } from '../../test/harness';

let t: TestApp;
type Person = { agent: Agent; id: string; username: string };

const person = (): Promise<Person> => signedUpPerson(t);

const act = (p: Person, method: 'POST' | 'DELETE', path: string) =>
  p.agent.request<ConnectionState>(method, `/api/connections/${path}`);
const follow = (a: Person, b: Person) => act(a, 'POST', `${b.id}/follow`);
const unfollow = (a: Person, b: Person) => act(a, 'DELETE', `${b.id}/follow`);
const request = (a: Person, b: Person) => act(a, 'POST', `${b.id}/request`);
const accept = (a: Person, requester: Person) => act(a, 'POST', `${requester.id}/accept`);
const reject = (a: Person, requester: Person) => act(a, 'POST', `${requester.id}/reject`);
const unfriend = (a: Person, b: Person) => act(a, 'DELETE', `${b.id}/friend`);

/** Every row between the two, as (from, to, status). */
async function rowsBetween(a: Person, b: Person) {
  const rows = await t.db
    .select({ from: connections.userId, status: connections.status })
    .from(connections)
    .where(
      or(
        and(eq(connections.userId, a.id), eq(connections.connectedUserId, b.id)),
        and(eq(connections.userId, b.id), eq(connections.connectedUserId, a.id)),
      ),
    );
  return rows.map((r) => `${r.from === a.id ? 'a→b' : 'b→a'} ${r.status}`).sort();
}

async function stats(viewer: Person, of: Person) {
  const res = await viewer.agent.get(`/api/profiles/${of.id}`);
  expect(res.status).toBe(200);
  return res.body.stats as { followers: number; following: number; friends: number };
}

const notificationsOf = (p: Person) =>
  t.db.select().from(notifications).where(eq(notifications.userId, p.id));

let a: Person, b: Person, c: Person;
beforeAll(async () => {
  t = await createTestApp();
  [a, b, c] = [await person(), await person(), await person()];
});
afterAll(() => t?.close());

describe('refusals', () => {
  it('refuses visitors on every call', async () => {
    const visitor = t.agent();
    const id = a.id;
    for (const [method, path] of [
      ['GET', `/api/connections/requests`],
      ['GET', `/api/connections/blocked`],
      ['GET', `/api/connections/${id}`],
      ['POST', `/api/connections/${id}/follow`],
      ['DELETE', `/api/connections/${id}/follow`],
      ['POST', `/api/connections/${id}/request`],
      ['POST', `/api/connections/${id}/accept`],
      ['POST', `/api/connections/${id}/reject`],
      ['DELETE', `/api/connections/${id}/friend`],
      ['POST', `/api/connections/${id}/block`],
      ['DELETE', `/api/connections/${id}/block`],
      ['GET', `/api/profiles/${id}`],
      ['GET', `/api/profiles/${id}/connections?list=friends`],
      ['GET', `/api/profiles/${id}/mutual-friends`],
    ] as const) {
      const res = await visitor.request(method, path);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses following or requesting oneself', async () => {
    for (const res of [await follow(a, a), await request(a, a)]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { message: CONNECTION_MSG.notYourself } });
    }
    expect(await rowsBetween(a, a)).toEqual([]);
  });

  it('answers 404 for unknown and malformed ids, never a 500', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1', "x'; drop table connections; --"]) {
      const res = await a.agent.post(`/api/connections/${encodeURIComponent(id)}/follow`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ error: { message: PROFILE_MSG.notFound } });
    }
  });
});

describe('follow and unfollow', () => {
  it('follows once, however often asked, and tells the other person', async () => {
    const first = await follow(a, b);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'following', isFollowing: true, followsYou: false });
    expect((await follow(a, b)).body.status).toBe('following');
    expect(await rowsBetween(a, b)).toEqual(['a→b following']);
    expect(await stats(c, b)).toMatchObject({ followers: 1, following: 0 });
    expect(await stats(c, a)).toMatchObject({ followers: 0, following: 1 });

    const seenByB = await b.agent.get(`/api/connections/${a.id}`);
    expect(seenByB.body).toEqual({ status: 'none', isFollowing: false, followsYou: true });
    const told = (await notificationsOf(b)).filter((n) => n.type === 'connection_request');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: CONNECTION_MSG.newFollower.title, actorId: a.id });
  });

  it('unfollows back to none', async () => {
    const res = await unfollow(a, b);
    expect(res.body.status).toBe('none');
    expect(await rowsBetween(a, b)).toEqual([]);
    expect(await stats(c, b)).toMatchObject({ followers: 0 });
  });
});

describe('friend requests', () => {
  it('turns a follow into a request, returns the existing one on a repeat, and notifies once', async () => {
    await follow(a, b);
    const sent = await request(a, b);
    expect(sent.body).toEqual({ status: 'friend_requested', isFollowing: true, followsYou: false });
    const again = await request(a, b);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('friend_requested');
    expect(await rowsBetween(a, b)).toEqual(['a→b friend_requested']);

    const requests = (await notificationsOf(b)).filter(
      (n) => n.title === NOTIFICATION_TEXT.connectionRequest.title,
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]!.message).toBe(NOTIFICATION_TEXT.connectionRequest.text(a.username));

    expect((await b.agent.get(`/api/connections/${a.id}`)).body.status).toBe('request_received');
    const list = await b.agent.get('/api/connections/requests');
    expect(list.body.map((r: { from: { id: string } }) => r.from.id)).toEqual([a.id]);
    // Requests are one's own: A's list does not show what A sent.
    expect((await a.agent.get('/api/connections/requests')).body).toEqual([]);
  });

  it('lets only the recipient accept', async () => {
    expect((await accept(a, b)).status).toBe(404); // A sent it; A cannot accept it
    expect((await accept(c, a)).status).toBe(404); // C was not asked
    expect(await rowsBetween(a, b)).toEqual(['a→b friend_requested']);

    const res = await accept(b, a);
    expect(res.body).toEqual({ status: 'friends', isFollowing: true, followsYou: true });
    expect(await rowsBetween(a, b)).toEqual(['a→b friends', 'b→a friends']);
    expect((await b.agent.get('/api/connections/requests')).body).toEqual([]);
    // The request's notification is read; A is told.
    const open = (await notificationsOf(b)).filter(
      (n) => n.title === NOTIFICATION_TEXT.connectionRequest.title && !n.read,
    );
    expect(open).toEqual([]);
    const toldA = (await notificationsOf(a)).filter((n) => n.title === CONNECTION_MSG.friendAccepted.title);
    expect(toldA).toHaveLength(1);
    expect(await stats(c, a)).toMatchObject({ followers: 1, following: 1, friends: 1 });

    const again = await accept(b, a);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error: { message: CONNECTION_MSG.noRequest } });
  });

  it('removes a friend in both directions', async () => {
    expect((await request(a, b)).body.status).toBe('friends'); // already friends: unchanged
    const res = await unfriend(b, a);
    expect(res.body.status).toBe('none');
    expect(await rowsBetween(a, b)).toEqual([]);
    expect((await unfriend(b, a)).status).toBe(200); // nothing left to remove is fine
  });

  it('rejects: the request row is deleted; only the recipient may', async () => {
    await request(a, c);
    expect((await reject(b, a)).status).toBe(404);
    expect((await reject(a, c)).status).toBe(404);
    const res = await reject(c, a);
    expect(res.body.status).toBe('none');
    expect(await rowsBetween(a, c)).toEqual([]);
    expect((await reject(c, a)).status).toBe(404);
  });

  it('unfollowing a friend ends the friendship both ways', async () => {
    await request(a, c);
    await accept(c, a);
    await unfollow(a, c);
    expect(await rowsBetween(a, c)).toEqual([]);
  });

  it('makes friends of two people who ask each other at the same moment', async () => {
    for (let i = 0; i < 8; i++) {
      const [x, y] = await Promise.all([request(a, b), request(b, a)]);
      expect([x.status, y.status]).toEqual([200, 200]);
      expect(await rowsBetween(a, b)).toEqual(['a→b friends', 'b→a friends']);
      await unfriend(a, b);
    }
  });

  it('keeps one row when the same request races itself', async () => {
    const results = await Promise.all([request(a, c), request(a, c), follow(a, c), request(a, c)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await rowsBetween(a, c)).toEqual(['a→b friend_requested']);
    await reject(c, a);
  });
});

describe('lists', () => {
  let d: Person, e: Person;
  beforeAll(async () => {
    [d, e] = [await person(), await person()];
    // A and B are friends with D and E; C follows B.
    for (const [x, y] of [
      [a, d],
      [a, e],
      [b, d],
      [b, e],
    ] as const) {
      await request(x, y);
      await accept(y, x);
    }
    await follow(c, b);
  });

  it('pages a list without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { items: { id: string }[]; nextCursor: string | null } } =
        await a.agent.get(
          `/api/profiles/${b.id}/connections?list=followers&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        );
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((p: { id: string }) => p.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([c.id, d.id, e.id].sort());
    const following = await a.agent.get(`/api/profiles/${c.id}/connections?list=following`);
    expect(following.body.items.map((p: { id: string }) => p.id)).toEqual([b.id]);
    const friends = await c.agent.get(`/api/profiles/${a.id}/connections?list=friends`);
    expect(friends.body.items.map((p: { id: string }) => p.id).sort()).toEqual([d.id, e.id].sort());
    expect((await a.agent.get(`/api/profiles/${a.id}/connections?list=enemies`)).status).toBe(400);
  });

  it('finds mutual friends by name', async () => {
    const res = await a.agent.get(`/api/profiles/${b.id}/mutual-friends`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.items.map((p: { id: string }) => p.id).sort()).toEqual([d.id, e.id].sort());
    expect((await c.agent.get(`/api/profiles/${b.id}/mutual-friends`)).body.total).toBe(0);
  });
});

describe('live', () => {
  it('tells watchers of a profile when its counts change', async () => {
    const base = await t.listen();
    const watcher = await openSocket(base, c.agent);
    await watcher.opened;
    watcher.send({ op: 'subscribe', topics: [`profile:${b.id}`] });
    await watcher.waitFor('subscribed');
    const target = await openSocket(base, b.agent);
    await target.opened;

    await unfollow(a, b);
    await follow(a, b);
    // Watchers hear whose counts changed, never with whom; the two people hear both.
    const seen = await watcher.waitFor('profile.connections', (e) => e.userId === b.id);
    expect(seen).toEqual({ type: 'profile.connections', userId: b.id });
    expect(watcher.events.some((e) => e.type === 'connection.changed')).toBe(false);
    const mine = await target.waitFor('connection.changed');
    expect([...mine.userIds].sort()).toEqual([a.id, b.id].sort());
    await target.waitFor('notification.created', (e) => e.notification.actor?.id === a.id);
    watcher.close();
    target.close();
  });
});

describe('blocking', () => {
  let x: Person, y: Person;
  beforeAll(async () => {
    [x, y] = [await person(), await person()];
    await request(x, y);
    await accept(y, x);
  });

  it('removes the connection and refuses follows, requests and messages both ways', async () => {
    const res = await x.agent.post(`/api/connections/${y.id}/block`);
    expect(res.status).toBe(200);
    expect(await rowsBetween(x, y)).toEqual([]);

    for (const r of [await follow(y, x), await request(y, x), await follow(x, y), await request(x, y)]) {
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ error: { message: CONNECTION_MSG.blocked } });
    }
    const msg = (from: Person, to: Person) =>
      from.agent.post('/api/messages', { receiverId: to.id, clientId: randomUUID(), content: 'hi' });
    expect((await msg(y, x)).status).toBe(403);
    expect((await msg(x, y)).status).toBe(403);
    expect(await rowsBetween(x, y)).toEqual([]);
  });

  it('hides the blocker from the blocked person; the blocker sees only the basics', async () => {
    const hidden = await y.agent.get(`/api/profiles/${x.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ error: { message: PROFILE_MSG.notFound } });
    const seen = await x.agent.get(`/api/profiles/${y.id}`);
    expect(seen.body).toMatchObject({ restricted: true, blockedByYou: true, stats: null });
    const blocked = await x.agent.get('/api/connections/blocked');
    expect(blocked.body.map((p: { id: string }) => p.id)).toEqual([y.id]);
    // Y cannot watch X's profile live.
    const base = await t.listen();
    const ws = await openSocket(base, y.agent);
    await ws.opened;
    ws.send({ op: 'subscribe', topics: [`profile:${x.id}`] });
    expect((await ws.waitFor('subscribed')).refused).toEqual([`profile:${x.id}`]);
    ws.close();
  });

  it('unblocking restores nothing, and allows connecting again', async () => {
    expect((await x.agent.request('DELETE', `/api/connections/${y.id}/block`)).status).toBe(200);
    expect(await rowsBetween(x, y)).toEqual([]);
    expect((await x.agent.get('/api/connections/blocked')).body).toEqual([]);
    expect((await follow(y, x)).body.status).toBe('following');
  });

  it('refuses blocking oneself and only the blocker can unblock', async () => {
    expect((await x.agent.post(`/api/connections/${x.id}/block`)).status).toBe(400);
    await x.agent.post(`/api/connections/${y.id}/block`);
    await y.agent.request('DELETE', `/api/connections/${x.id}/block`);
    expect((await x.agent.get('/api/connections/blocked')).body).toHaveLength(1);
    expect(
      (await t.db.execute(sql`select count(*)::int as n from blocks where blocker_id = ${x.id}`)).rows[0],
    ).toEqual({ n: 1 });
  });
});
