import { randomUUID } from 'node:crypto';
import { REALTIME } from '@common/core/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Agent,
  createTestApp,
  openSocket,
  signedUpPerson,
  type TestApp,
  type TestSocket,
} from '../test/harness';

let t: TestApp;
let url: string;
type Person = { agent: Agent; id: string; username: string };
let alice: Person, bob: Person, carol: Person;

const person = (): Promise<Person> => signedUpPerson(t);
/** Sockets for several people, each past its hello. */
async function sockets(...people: Person[]) {
  const list = await Promise.all(people.map((p) => openSocket(url, p.agent)));
  await Promise.all(list.map((s) => s.waitFor('hello')));
  return list as [TestSocket, TestSocket, TestSocket];
}
const send = (from: Person, to: Person, content: string) =>
  from.agent.post('/api/messages', { receiverId: to.id, clientId: randomUUID(), content });

beforeAll(async () => {
  t = await createTestApp();
  url = await t.listen();
  [alice, bob, carol] = [await person(), await person(), await person()];
});
afterAll(() => t?.close());

describe('the WebSocket endpoint', () => {
  it('refuses anonymous, cross-origin and unknown upgrades', async () => {
    expect((await openSocket(url, null)).opened).toEqual({ ok: false, status: 401 });
    expect((await openSocket(url, alice.agent, { origin: 'https://evil.example' })).opened).toEqual({
      ok: false,
      status: 403,
    });
    const signedOut = t.agent();
    signedOut.cookies.set('cofound.session_token', 'forged.value');
    expect((await openSocket(url, signedOut)).opened).toEqual({ ok: false, status: 401 });
  });

  it('greets a signed-in person and answers pings', async () => {
    const s = await openSocket(url, alice.agent);
    expect(s.opened).toEqual({ ok: true });
    // Not quiet: a process that has not yet heard a whole quiet window cannot say nothing was sent;
    // it knows nothing was sent for as long as it has been listening (less than the window).
    const hello = await s.waitFor('hello');
    expect(hello).toEqual({ type: 'hello', userId: alice.id, quiet: false, quietMs: expect.any(Number) });
    const { quietMs } = hello as { quietMs: number };
    expect(quietMs).toBeGreaterThanOrEqual(0);
    expect(quietMs).toBeLessThan(REALTIME.quietWindowMs);
    s.send({ op: 'ping' });
    await s.waitFor('pong');
    s.close();
  });
});

describe('sessions', () => {
  it('closes the sockets of a session that signed out', async () => {
    const erin = await person();
    const s = await openSocket(url, erin.agent);
    await s.waitFor('hello');
    const closed = new Promise<number>((resolve) => s.ws.once('close', (code) => resolve(code)));
    expect((await erin.agent.post('/api/auth/sign-out')).status).toBe(200);
    await t.booted.realtime.recheckSessions();
    expect(await closed).toBe(4001);
    // Nothing addressed to Erin reaches a closed socket, and a new one is refused.
    expect((await openSocket(url, erin.agent)).opened).toEqual({ ok: false, status: 401 });
  });
});

describe('delivery', () => {
  it('delivers a message to both people and to nobody else', async () => {
    const [a, b, c] = await sockets(alice, bob, carol);
    const res = await send(alice, bob, 'live hello');
    const atBob = await b.waitFor('message.created', (e) => e.message.id === res.body.id);
    expect(atBob.message).toMatchObject({ content: 'live hello', senderId: alice.id });
    await a.waitFor('message.created', (e) => e.message.id === res.body.id);
    const note = await b.waitFor('notification.created');
    expect(note.notification).toMatchObject({ title: 'New Message', link: `/messages?with=${alice.id}` });

    // Carol's next event is her own message: nothing of Alice and Bob's reached her before it.
    const mine = await send(bob, carol, 'for carol');
    const first = await c.waitFor('message.created');
    expect(first.message.id).toBe(mine.body.id);
    expect(c.events.some((e) => e.type === 'message.created' && e.message.id === res.body.id)).toBe(false);
    expect(c.events.filter((e) => e.type === 'notification.created')).toHaveLength(1);
    [a, b, c].forEach((s) => s.close());
  });

  it('tells the sender live when their messages are read', async () => {
    const a = await openSocket(url, alice.agent);
    await a.waitFor('hello');
    const res = await send(alice, bob, 'did you read this?');
    await bob.agent.post(`/api/messages/threads/${alice.id}/read`);
    const read = await a.waitFor('message.read', (e) => e.readerId === bob.id);
    expect(read.partnerId).toBe(alice.id);
    expect(read.messageIds).toContain(res.body.id);
    expect(Date.parse(read.readAt)).toBeGreaterThanOrEqual(Date.parse(res.body.createdAt));
    a.close();
  });

  it('passes typing to the addressee only', async () => {
    const [a, b, c] = await sockets(alice, bob, carol);
    a.send({ op: 'typing', to: bob.id });
    expect(await b.waitFor('typing')).toEqual({ type: 'typing', from: alice.id });
    a.send({ op: 'typing', to: 'not-a-user' });
    a.send({ op: 'typing', to: alice.id });
    // A sentinel: Carol's first typing event comes from Bob, so Alice's never reached her.
    b.send({ op: 'typing', to: carol.id });
    expect(await c.waitFor('typing')).toEqual({ type: 'typing', from: bob.id });
    expect(a.events.some((e) => e.type === 'typing')).toBe(false);
    [a, b, c].forEach((s) => s.close());
  });

  it('ignores garbage frames and keeps the connection', async () => {
    const a = await openSocket(url, alice.agent);
    await a.waitFor('hello');
    a.ws.send('not json');
    a.send({ op: 'nope' });
    a.send({ op: 'subscribe', topics: 'presence' });
    a.send({ op: 'ping' });
    await a.waitFor('pong');
    a.close();
  });
});

describe('presence', () => {
  it('is online while at least one connection is open', async () => {
    const dave = await person();
    const watcher = await openSocket(url, carol.agent);
    await watcher.waitFor('hello');
    watcher.send({ op: 'subscribe', topics: [`presence:${dave.id}`, 'secret:everything', `presence:x`] });
    const sub = await watcher.waitFor('subscribed');
    expect(sub).toEqual({
      type: 'subscribed',
      topics: [`presence:${dave.id}`],
      refused: ['secret:everything', 'presence:x'],
      quietMs: { [`presence:${dave.id}`]: expect.any(Number) },
    });

    // The current state comes right after the subscription.
    expect(await watcher.waitFor('presence')).toEqual({ type: 'presence', userId: dave.id, online: false });

    const tab1 = await openSocket(url, dave.agent);
    await watcher.waitFor('presence', (e) => e.userId === dave.id && e.online);
    const thread = await carol.agent.get(`/api/messages/threads/${dave.id}`);
    expect(thread.body.partner.isOnline).toBe(true);

    const tab2 = await openSocket(url, dave.agent);
    await tab2.waitFor('hello');
    const seen = watcher.events.length;
    tab1.close();
    // Still one tab open: no offline event. Then the last tab closes.
    await new Promise((r) => setTimeout(r, 300));
    expect(watcher.events.slice(seen).some((e) => e.type === 'presence')).toBe(false);
    expect((await carol.agent.get(`/api/messages/threads/${dave.id}`)).body.partner.isOnline).toBe(true);
    tab2.close();
    await expect
      .poll(() => watcher.events.slice(seen), { timeout: 5000 })
      .toContainEqual({ type: 'presence', userId: dave.id, online: false });
    expect((await carol.agent.get(`/api/messages/threads/${dave.id}`)).body.partner.isOnline).toBe(false);
    watcher.close();
  });
});

// Several processes need a PostgreSQL server: PGlite belongs to one process. .ci/run runs both.
const pg = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(pg)('two app instances on one PostgreSQL database (needs TEST_DATABASE_URL)', () => {
  it('delivers a message sent through one instance to a socket on the other', async () => {
    // Two who have not read each other's thread lately: a recent read counts as an open chat,
    // which is sent no 'sent you a message' notification.
    const [ann, ben] = [await person(), await person()];
    const second = await t.startInstance();
    const url2 = await t.listen(second);
    const benOn2 = await openSocket(url2, ben.agent);
    await benOn2.waitFor('hello');
    const annOn1 = await openSocket(url, ann.agent);
    await annOn1.waitFor('hello');

    const res = await send(ann, ben, 'across instances');
    expect(res.status).toBe(201);
    const got = await benOn2.waitFor('message.created', (e) => e.message.id === res.body.id);
    expect(got.message.content).toBe('across instances');
    await benOn2.waitFor('notification.created');

    // A message too large for a NOTIFY payload travels by reference and is loaded on arrival.
    const big = await send(ann, ben, 'é'.repeat(5000));
    const gotBig = await benOn2.waitFor('message.created', (e) => e.message.id === big.body.id);
    expect(gotBig.message.content).toBe('é'.repeat(5000));

    // Typing and read receipts cross too.
    benOn2.send({ op: 'typing', to: ann.id });
    await annOn1.waitFor('typing', (e) => e.from === ben.id);
    const benAgent2 = new Agent(() => second.app, ben.agent.ip);
    ben.agent.cookies.forEach((v, k) => benAgent2.cookies.set(k, v));
    await benAgent2.post(`/api/messages/threads/${ann.id}/read`);
    await annOn1.waitFor('message.read', (e) => e.readerId === ben.id);
    benOn2.close();
    annOn1.close();
  });
});

describe.runIf(pg)('the bus between instances (needs TEST_DATABASE_URL)', () => {
  it('carries an event without a loader that is too large to share a packet (a hundred topics re-checked)', async () => {
    // A group switched to private names itself and its posts, a hundred to an access change: some
    // 5 KB, more than an event shares a packet with others, and no loader can read it back.
    const names = Array.from({ length: 100 }, () => `group_post:${randomUUID()}`);
    const second = await t.startInstance();
    const heard: string[][] = [];
    second.bus.subscribe(({ event }) => {
      if (event.type === 'access.changed') heard.push(event.userIds);
    });
    t.booted.bus.publish({ event: { type: 'access.changed', userIds: names } });
    await expect.poll(() => heard, { timeout: 5000 }).toContainEqual(names);
  });
});

describe.runIf(!pg)('one embedded database (PGlite)', () => {
  it('keeps events in the one process, since PGlite serves a single process', () => {
    expect(t.booted.bus.kind).toBe('local');
  });
});
