import { randomUUID } from 'node:crypto';
import { topic } from '@common/core/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestSocket } from '../test/harness';
import { eventsOf, newMember, settle, socketOf, subscribe, type Person } from '../test/realtime-kit';

/*
 * Issue 13, hole 2: a block hides presence and read receipts, both ways. Neither person may watch
 * the other's presence topic (and a subscription made before the block ends with it), neither is
 * shown online in the other's thread, conversation list or inquiries, a message read across a
 * block sends no message.read to its sender and shows unread to them, and typing does not pass.
 */

let t: TestApp;
let url: string;
const open: TestSocket[] = [];
const member = () => newMember(t);
async function socket(p: Person) {
  const s = await socketOf(url, p);
  open.push(s);
  return s;
}
const block = async (a: Person, b: Person) =>
  expect((await a.agent.post(`/api/connections/${b.id}/block`)).status).toBe(200);
async function send(from: Person, to: Person, content: string) {
  const res = await from.agent.post('/api/messages', { receiverId: to.id, clientId: randomUUID(), content });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}
const thread = async (viewer: Person, partner: Person) =>
  (await viewer.agent.get(`/api/messages/threads/${partner.id}`)).body as {
    partner: { isOnline: boolean };
    items: { id: string; read: boolean; readAt: string | null }[];
  };
async function listed(viewer: Person, partner: Person) {
  const res = await viewer.agent.get('/api/messages/conversations');
  return (
    res.body as {
      items: { partner: { id: string; isOnline: boolean }; lastMessage: { read: boolean } }[];
    }
  ).items.find((c) => c.partner.id === partner.id)!;
}

beforeAll(async () => {
  t = await createTestApp();
  url = await t.listen();
});
afterAll(async () => {
  open.forEach((s) => s.close());
  await t?.close();
});

describe('presence across a block', () => {
  it('ends both people’s presence subscriptions at the block and refuses new ones, both ways', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const sa = await socket(a);
    const sb = await socket(b);
    const sc = await socket(c);
    expect((await subscribe(sa, [topic.presence(b.id)])).topics).toEqual([topic.presence(b.id)]);
    expect((await subscribe(sb, [topic.presence(a.id)])).topics).toEqual([topic.presence(a.id)]);
    expect((await subscribe(sc, [topic.presence(a.id)])).topics).toEqual([topic.presence(a.id)]);

    await block(a, b);
    expect((await sa.waitFor('unsubscribed')).topics).toEqual([topic.presence(b.id)]);
    expect((await sb.waitFor('unsubscribed')).topics).toEqual([topic.presence(a.id)]);
    expect((await subscribe(sa, [topic.presence(b.id)])).refused).toEqual([topic.presence(b.id)]);
    expect((await subscribe(sb, [topic.presence(a.id)])).refused).toEqual([topic.presence(a.id)]);

    // A goes offline: C, who blocks nobody, hears it; B does not.
    const fromB = sb.events.length;
    sa.close();
    await sc.waitFor('presence', (e) => e.userId === a.id && !e.online);
    await settle(sb);
    expect(eventsOf(sb, 'presence', fromB)).toEqual([]);
  });
});

describe('chat across a block', () => {
  it('shows neither person online in the thread or the conversation list', async () => {
    const [a, b] = [await member(), await member()];
    await send(a, b, 'hello');
    await send(b, a, 'hi back');
    await socket(a);
    await socket(b);
    // Presence is written just after the socket opens: wait until both show online.
    await expect.poll(async () => (await thread(a, b)).partner.isOnline, { timeout: 5000 }).toBe(true);
    await expect.poll(async () => (await listed(b, a)).partner.isOnline, { timeout: 5000 }).toBe(true);

    await block(b, a);
    expect((await thread(a, b)).partner.isOnline).toBe(false);
    expect((await thread(b, a)).partner.isOnline).toBe(false);
    expect((await listed(a, b)).partner.isOnline).toBe(false);
    expect((await listed(b, a)).partner.isOnline).toBe(false);
  });

  it('sends no message.read across a block, and the API shows the receipt to neither', async () => {
    const [sender, reader] = [await member(), await member()];
    const before = await send(sender, reader, 'read before the block');
    const s = await socket(sender);
    const r = await socket(reader);
    expect((await reader.agent.post(`/api/messages/threads/${sender.id}/read`)).status).toBe(200);
    await s.waitFor('message.read', (e) => e.messageIds.includes(before.id));

    const after = await send(sender, reader, 'read after the block');
    await block(sender, reader);
    const from = s.events.length;
    expect((await reader.agent.post(`/api/messages/threads/${sender.id}/read`)).status).toBe(200);
    // The reader's own tabs still learn they read it; the sender's hear nothing.
    await r.waitFor('message.read', (e) => e.messageIds.includes(after.id));
    await settle(s);
    expect(eventsOf(s, 'message.read', from)).toEqual([]);

    // Read before the block still shows; read after it does not, in the thread, the list or alone.
    const items = (await thread(sender, reader)).items;
    expect(items.find((m) => m.id === before.id)).toMatchObject({ read: true });
    expect(items.find((m) => m.id === after.id)).toMatchObject({ read: false, readAt: null });
    expect((await listed(sender, reader)).lastMessage.read).toBe(false);
    expect((await sender.agent.get(`/api/messages/${after.id}`)).body).toMatchObject({ read: false });
    // The reader's own view of their reading is theirs to see.
    expect((await thread(reader, sender)).items.find((m) => m.id === after.id)).toMatchObject({ read: true });
  });

  it('passes no typing signal across a block', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const sa = await socket(a);
    const sb = await socket(b);
    await block(b, a);
    sa.send({ op: 'typing', to: b.id });
    // A sentinel: B's first typing event comes from C, so A's never reached B.
    const sc = await socket(c);
    sc.send({ op: 'typing', to: b.id });
    expect(await sb.waitFor('typing')).toEqual({ type: 'typing', from: c.id });
  });
});
