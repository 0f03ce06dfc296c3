import { randomUUID } from 'node:crypto';
import { MESSAGING, MESSAGING_MSG } from '@common/messages/model';
import { INQUIRY_MSG } from '@common/messages/schemas';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, notifications, userSettings } from '../../db/schema';
import { type Agent, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';
import { registerInquiryKind } from '../../platform/policies';

let t: TestApp;
type Person = { agent: Agent; id: string; email: string; username: string };
let alice: Person, bob: Person, carol: Person;

const person = (): Promise<Person> => signedUpPerson(t);

const send = (from: Person, to: Person, content: string, extra: Record<string, unknown> = {}) =>
  from.agent.post('/api/messages', { receiverId: to.id, clientId: randomUUID(), content, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, carol] = [await person(), await person(), await person()];
});
afterAll(() => t?.close());

describe('sending', () => {
  it('stores a trimmed message and answers with it', async () => {
    const clientId = randomUUID();
    const res = await alice.agent.post('/api/messages', {
      receiverId: bob.id,
      clientId,
      content: '  Hello Bob  ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      clientId,
      senderId: alice.id,
      receiverId: bob.id,
      content: 'Hello Bob',
      read: false,
      inquiry: null,
    });
  });

  it('never stores a retried client id twice, even when the retries race', async () => {
    const clientId = randomUUID();
    const body = { receiverId: bob.id, clientId, content: 'once only' };
    const first = await alice.agent.post('/api/messages', body);
    const again = await alice.agent.post('/api/messages', body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);

    const raceId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => alice.agent.post('/api/messages', { ...body, clientId: raceId })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const [row] = await t.db.select({ n: count() }).from(messages).where(eq(messages.clientId, raceId));
    expect(row!.n).toBe(1);
  });

  it("keeps a client id to its sender: a retry answers the stored message, another member's reuse learns nothing", async () => {
    const dave = await person();
    // Written offline, sent from the outbox, sent again by a second tab: one message.
    const clientId = randomUUID();
    const first = await alice.agent.post('/api/messages', {
      receiverId: bob.id,
      clientId,
      content: 'Our secret plan',
    });
    expect(first.status).toBe(201);
    const again = await alice.agent.post('/api/messages', {
      receiverId: bob.id,
      clientId,
      content: 'Our secret plan',
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    // Bob sees the client id on the message he received; Dave may have guessed it. Either one
    // using it stores a message of their own and gets back only what they sent.
    const bobs = await bob.agent.post('/api/messages', { receiverId: alice.id, clientId, content: 'Got it' });
    expect(bobs.status).toBe(201);
    expect(bobs.body).toMatchObject({ senderId: bob.id, receiverId: alice.id, content: 'Got it', clientId });
    expect(bobs.body.id).not.toBe(first.body.id);
    const daves = await dave.agent.post('/api/messages', { receiverId: bob.id, clientId, content: 'Hi Bob' });
    expect(daves.status).toBe(201);
    expect(daves.body).toMatchObject({ senderId: dave.id, content: 'Hi Bob' });
    expect(JSON.stringify(daves.body)).not.toContain('secret');
    const davesAgain = await dave.agent.post('/api/messages', {
      receiverId: alice.id,
      clientId,
      content: 'x',
    });
    expect(davesAgain.status).toBe(200);
    expect(davesAgain.body.id).toBe(daves.body.id);
    expect(JSON.stringify(davesAgain.body)).not.toContain('secret');

    // Alice's message is still hers alone, stored once, and Dave cannot read it by its id.
    const rows = await t.db
      .select({ senderId: messages.senderId, content: messages.content })
      .from(messages)
      .where(eq(messages.clientId, clientId));
    expect(rows.filter((r) => r.senderId === alice.id)).toEqual([
      { senderId: alice.id, content: 'Our secret plan' },
    ]);
    expect(rows).toHaveLength(3);
    expect((await dave.agent.get(`/api/messages/${first.body.id}`)).status).toBe(404);
    // A visitor replaying the same body is refused before anything is looked up.
    const visitor = await t
      .agent()
      .post('/api/messages', { receiverId: bob.id, clientId, content: 'Our secret plan' });
    expect(visitor.status).toBe(401);
  });

  it('refuses empty, whitespace-only and over-long messages, and changes nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(messages))[0]!.n;
    for (const content of ['', '   ', '\n\t ']) {
      const res = await send(alice, bob, content);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(MESSAGING_MSG.emptyMessage);
    }
    const long = await send(alice, bob, 'x'.repeat(MESSAGING.contentMax + 1));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe(MESSAGING_MSG.tooLong);
    expect((await t.db.select({ n: count() }).from(messages))[0]!.n).toBe(before);

    const longest = await send(alice, bob, '€'.repeat(MESSAGING.contentMax));
    expect(longest.status).toBe(201);
  });

  it('refuses bad input with a clear message', async () => {
    expect((await send(alice, alice, 'me')).body.error.message).toBe(MESSAGING_MSG.cannotMessageSelf);
    const nobody = await alice.agent.post('/api/messages', {
      receiverId: randomUUID(),
      clientId: randomUUID(),
      content: 'hi',
    });
    expect(nobody.status).toBe(404);
    expect(nobody.body.error.message).toBe(MESSAGING_MSG.recipientNotFound);
    const badId = await alice.agent.post('/api/messages', {
      receiverId: 'bob',
      clientId: randomUUID(),
      content: 'hi',
    });
    expect(badId.status).toBe(400);
    const noClientId = await alice.agent.post('/api/messages', { receiverId: bob.id, content: 'hi' });
    expect(noClientId.status).toBe(400);
    const extra = await send(alice, bob, 'hi', { senderId: carol.id });
    expect(extra.status).toBe(400);
    const notJson = await alice.agent.post('/api/messages', 'not json', {
      'content-type': 'application/json',
    });
    expect(notJson.status).toBe(400);
  });

  it('refuses visitors', async () => {
    const visitor = t.agent();
    expect(
      (await visitor.post('/api/messages', { receiverId: bob.id, clientId: randomUUID(), content: 'hi' }))
        .status,
    ).toBe(401);
    expect((await visitor.get('/api/messages/conversations')).status).toBe(401);
    expect((await visitor.get(`/api/messages/threads/${bob.id}`)).status).toBe(401);
    expect((await visitor.get('/api/messages/unread')).status).toBe(401);
    expect((await visitor.get('/api/notifications')).status).toBe(401);
  });
});

describe('who can read what', () => {
  it('shows a message to its sender and receiver only', async () => {
    const sent = await send(alice, bob, 'between us');
    const id = sent.body.id as string;
    expect((await alice.agent.get(`/api/messages/${id}`)).status).toBe(200);
    expect((await bob.agent.get(`/api/messages/${id}`)).status).toBe(200);
    const snoop = await carol.agent.get(`/api/messages/${id}`);
    expect(snoop.status).toBe(404);
    // Carol's thread with either of them does not contain it.
    const carolThread = await carol.agent.get(`/api/messages/threads/${alice.id}`);
    expect(carolThread.status).toBe(200);
    expect(carolThread.body.items.map((m: { id: string }) => m.id)).not.toContain(id);
    const carolConversations = await carol.agent.get('/api/messages/conversations');
    expect(carolConversations.body.items).toEqual([]);
  });

  it('lets only the receiver mark a message read', async () => {
    const sent = await send(alice, bob, 'read me');
    const id = sent.body.id as string;
    expect((await carol.agent.post(`/api/messages/${id}/read`)).status).toBe(404);
    expect((await alice.agent.post(`/api/messages/${id}/read`)).status).toBe(404);
    // Carol "opening" a thread with Alice cannot touch Bob's messages.
    await carol.agent.post(`/api/messages/threads/${alice.id}/read`);
    const [row] = await t.db.select().from(messages).where(eq(messages.id, id));
    expect(row!.read).toBe(false);
    const ok = await bob.agent.post(`/api/messages/${id}/read`);
    expect(ok.body).toEqual({ updated: 1 });
  });
});

describe('threads, conversations and read state', () => {
  it('keeps a conversation per person with the last message and unread count', async () => {
    const dave = await person();
    await send(dave, carol, 'first');
    await send(dave, carol, 'A long message that goes well past the fifty characters a preview shows');
    const list = await carol.agent.get('/api/messages/conversations');
    const row = list.body.items.find((c: { partner: { id: string } }) => c.partner.id === dave.id);
    expect(row).toMatchObject({
      unreadCount: 2,
      partner: { id: dave.id, username: dave.username, isOnline: false },
      lastMessage: { preview: 'A long message that goes well past the fifty chara...', senderId: dave.id },
    });
    const mine = await dave.agent.get('/api/messages/conversations');
    expect(mine.body.items[0]).toMatchObject({ unreadCount: 0, partner: { id: carol.id } });
    // Search by the partner's name, literally.
    const found = await carol.agent.get(
      `/api/messages/conversations?q=${encodeURIComponent(dave.username.slice(0, 8))}`,
    );
    expect(found.body.items.map((c: { partner: { id: string } }) => c.partner.id)).toContain(dave.id);
    const none = await carol.agent.get(`/api/messages/conversations?q=${encodeURIComponent('%_\\')}`);
    expect(none.body.items).toEqual([]);

    expect((await carol.agent.get('/api/messages/unread')).body.messages).toBeGreaterThanOrEqual(2);
    const read = await carol.agent.post(`/api/messages/threads/${dave.id}/read`);
    expect(read.body).toEqual({ updated: 2 });
    const after = await carol.agent.get('/api/messages/conversations');
    expect(
      after.body.items.find((c: { partner: { id: string } }) => c.partner.id === dave.id).unreadCount,
    ).toBe(0);
    const thread = await dave.agent.get(`/api/messages/threads/${carol.id}`);
    expect(thread.body.items.every((m: { read: boolean; readAt: string }) => m.read && m.readAt)).toBe(true);
  });

  it('marks only what the partner sent the reader read, once, in one statement (issue 27)', async () => {
    const [ivy, jon] = [await person(), await person()];
    await send(jon, ivy, 'to ivy');
    await send(ivy, jon, 'to jon');
    const unreadFrom = async (userId: string, groupKey: string) =>
      (
        await t.db
          .select({ n: count() })
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, userId),
              eq(notifications.groupKey, groupKey),
              eq(notifications.read, false),
            ),
          )
      )[0]!.n;
    expect(await unreadFrom(ivy.id, `message:${jon.id}`)).toBe(1);
    expect((await ivy.agent.post(`/api/messages/threads/${jon.id}/read`)).body).toEqual({ updated: 1 });
    // Ivy's side: read, counted zero, her "New Message" from Jon read, the chat open.
    expect(await unreadFrom(ivy.id, `message:${jon.id}`)).toBe(0);
    const [mine] = await t.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.ownerId, ivy.id), eq(conversations.partnerId, jon.id)));
    expect(mine).toMatchObject({ unreadCount: 0 });
    expect(mine!.viewedAt).not.toBeNull();
    // Jon's side is untouched: her message to him, his count and his notification from her.
    const [theirs] = await t.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.ownerId, jon.id), eq(conversations.partnerId, ivy.id)));
    expect(theirs).toMatchObject({ unreadCount: 1 });
    expect(await unreadFrom(jon.id, `message:${ivy.id}`)).toBe(1);
    const [toJon] = await t.db.select().from(messages).where(eq(messages.receiverId, jon.id));
    expect(toJon).toMatchObject({ read: false, readAt: null });
    // Again: nothing left to mark, and no event.
    expect((await ivy.agent.post(`/api/messages/threads/${jon.id}/read`)).body).toEqual({ updated: 0 });
  });

  it('pages a thread newest first, without gaps or repeats', async () => {
    const [erin, frank] = [await person(), await person()];
    for (let i = 0; i < 75; i++) await send(erin, frank, `message ${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { body: { items: { content: string }[]; nextCursor: string | null } } =
        await frank.agent.get(`/api/messages/threads/${erin.id}${cursor ? `?cursor=${cursor}` : ''}`);
      seen.push(...res.body.items.map((m) => m.content));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 75 }, (_, i) => `message ${74 - i}`));
    expect((await frank.agent.get(`/api/messages/threads/${erin.id}?cursor=nope`)).status).toBe(400);
    expect((await frank.agent.get(`/api/messages/threads/${erin.id}?limit=1000`)).status).toBe(400);
    expect((await frank.agent.get(`/api/messages/threads/${randomUUID()}`)).status).toBe(404);
    expect((await frank.agent.get('/api/messages/threads/not-a-uuid')).status).toBe(400);
    // A person one has never written to: their thread is there, empty, with their name.
    const stranger = await person();
    const empty = await frank.agent.get(`/api/messages/threads/${stranger.id}`);
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body).toMatchObject({ partner: { id: stranger.id }, items: [], nextCursor: null });
  });

  it('opens a thread of 100,000 messages through the index, without sorting them', async () => {
    const [gina, hank] = [await person(), await person()];
    await t.db.execute(sql`
      insert into messages (sender_id, receiver_id, content, created_at)
      select case when i % 2 = 0 then ${gina.id}::uuid else ${hank.id}::uuid end,
             case when i % 2 = 0 then ${hank.id}::uuid else ${gina.id}::uuid end,
             'bulk ' || i, now() - make_interval(secs => 100000 - i)
      from generate_series(1, 100000) as i`);
    await t.db.execute(sql`analyze messages`);
    const first = await gina.agent.get(`/api/messages/threads/${hank.id}`);
    expect(first.body.items[0].content).toBe('bulk 100000');
    const second = await gina.agent.get(`/api/messages/threads/${hank.id}?cursor=${first.body.nextCursor}`);
    expect(second.body.items[0].content).toBe(`bulk ${100000 - MESSAGING.threadPageSize}`);

    const [lo, hi] = [gina.id, hank.id].sort();
    const plan = await t.db.execute<{ 'QUERY PLAN': string }>(sql`
      explain select * from messages
      where user_lo = ${lo} and user_hi = ${hi}
        and (created_at, id) < (select m.created_at, m.id from messages m where m.id = ${second.body.nextCursor as string})
      order by created_at desc, id desc limit 31`);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('messages_thread_idx');
    expect(text).not.toMatch(/\bSort\b/);
  }, 60_000);
});

/** As if `owner` closed the chat with `partner` longer ago than MESSAGING.chatViewingS. */
const closeChatLongAgo = (owner: Person, partner: Person) =>
  t.db
    .update(conversations)
    .set({ viewedAt: sql`now() - interval '10 minutes'` })
    .where(and(eq(conversations.ownerId, owner.id), eq(conversations.partnerId, partner.id)));

/**
 * Unread notifications in the list: a message's notification is listed but raises the messages
 * badge only, so the bell's unreadCount leaves it out (it is 0 here).
 */
const unreadNotes = (body: { items: { read: boolean }[]; unreadCount: number }) => {
  expect(body.unreadCount).toBe(0);
  return body.items.filter((n) => !n.read).length;
};

describe('notifications from messages', () => {
  it('makes no notification while the receiver has the chat open, one per conversation otherwise (issue 21)', async () => {
    const [nina, omar, pia] = [await person(), await person(), await person()];
    await send(nina, omar, 'first');
    expect(unreadNotes((await omar.agent.get('/api/notifications')).body)).toBe(1);
    // Omar opens the chat (the read call, which an open chat repeats): Nina's burst adds nothing.
    await omar.agent.post(`/api/messages/threads/${nina.id}/read`);
    for (let i = 0; i < 3; i++) await send(nina, omar, `while open ${i}`);
    const open = await omar.agent.get('/api/notifications');
    expect(unreadNotes(open.body)).toBe(0);
    expect(open.body.items).toHaveLength(1);
    // The messages still count as unread messages (the Messages badge).
    expect((await omar.agent.get('/api/messages/unread')).body.messages).toBe(3);
    // Another person's messages still notify: the open chat is Nina's only.
    await send(pia, omar, 'hello from elsewhere');
    expect(unreadNotes((await omar.agent.get('/api/notifications')).body)).toBe(1);
    // Pia's having the chat with Omar open does not silence Omar's notifications from Nina.
    await pia.agent.post(`/api/messages/threads/${omar.id}/read`);
    await closeChatLongAgo(omar, nina);
    await send(nina, omar, 'after closing');
    await send(nina, omar, 'and again');
    const closed = await omar.agent.get('/api/notifications');
    expect(unreadNotes(closed.body)).toBe(2);
    expect(
      closed.body.items.filter(
        (n: { type: string; read: boolean; actor: { id: string } }) =>
          n.type === 'message' && !n.read && n.actor.id === nina.id,
      ),
    ).toHaveLength(1);
  });

  it('gives one "New Message" notification for a burst, and one mail', async () => {
    const [ivan, judy] = [await person(), await person()];
    for (let i = 0; i < 5; i++) await send(ivan, judy, `ping ${i}`);
    const list = await judy.agent.get('/api/notifications');
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({
      type: 'message',
      title: 'New Message',
      message: `${ivan.username} sent you a message`,
      link: `/messages?with=${ivan.id}`,
      read: false,
      actor: { id: ivan.id, username: ivan.username },
    });
    expect(unreadNotes(list.body)).toBe(1);

    const sent = await t.booted.notificationMail.flush();
    expect(sent).toBeGreaterThanOrEqual(1);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(judy.email.toLowerCase()) && /New Message/.test(m.subject),
    );
    expect(mail.text).toContain(`${ivan.username} sent you a message`);
    // Nothing left to send for that burst.
    await t.booted.notificationMail.flush();
    expect(
      t.smtp.mails.filter((m) => m.to.includes(judy.email.toLowerCase()) && /New Message/.test(m.subject)),
    ).toHaveLength(1);

    // Opening the thread reads the notification too.
    await judy.agent.post(`/api/messages/threads/${ivan.id}/read`);
    expect(unreadNotes((await judy.agent.get('/api/notifications')).body)).toBe(0);
    // Once the chat has been closed a while, the next message starts a new unread notification.
    await closeChatLongAgo(judy, ivan);
    await send(ivan, judy, 'again');
    const again = await judy.agent.get('/api/notifications');
    expect(again.body.items).toHaveLength(2);
    expect(unreadNotes(again.body)).toBe(1);
  });

  it('sends no mail when the person turned email notifications off', async () => {
    const [kate, liam] = [await person(), await person()];
    await t.db.insert(userSettings).values({ userId: liam.id, emailNotifications: false });
    await send(kate, liam, 'quiet please');
    const [n] = await t.db.select().from(notifications).where(eq(notifications.userId, liam.id));
    expect(n!.emailPending).toBe(false);
    await t.booted.notificationMail.flush();
    expect(
      t.smtp.mails.some((m) => m.to.includes(liam.email.toLowerCase()) && /New Message/.test(m.subject)),
    ).toBe(false);
  });

  it('marks notifications read one by one or all at once, only the owner', async () => {
    const [mia, noah, olga] = [await person(), await person(), await person()];
    await send(mia, olga, 'one');
    await send(noah, olga, 'two');
    const list = await olga.agent.get('/api/notifications');
    expect(unreadNotes(list.body)).toBe(2);
    const first = list.body.items[0].id as string;
    expect((await mia.agent.post(`/api/notifications/${first}/read`)).status).toBe(404);
    expect(
      (await mia.agent.get('/api/notifications')).body.items.map((n: { id: string }) => n.id),
    ).not.toContain(first);
    expect((await olga.agent.post(`/api/notifications/${first}/read`)).body).toEqual({ updated: 1 });
    expect((await olga.agent.post(`/api/notifications/${randomUUID()}/read`)).status).toBe(404);
    expect((await olga.agent.post('/api/notifications/nope/read')).status).toBe(400);
    expect((await olga.agent.post('/api/notifications/read-all')).body).toEqual({ updated: 1 });
    expect(unreadNotes((await olga.agent.get('/api/notifications')).body)).toBe(0);
  });

  it('pages notifications with a cursor', async () => {
    const pat = await person();
    for (let i = 0; i < 5; i++) {
      const other = await person();
      await send(other, pat, 'hello');
    }
    const first = await pat.agent.get('/api/notifications?limit=2');
    expect(first.body.items).toHaveLength(2);
    const second = await pat.agent.get(`/api/notifications?limit=2&cursor=${first.body.nextCursor}`);
    const third = await pat.agent.get(`/api/notifications?limit=2&cursor=${second.body.nextCursor}`);
    const ids = [...first.body.items, ...second.body.items, ...third.body.items].map(
      (n: { id: string }) => n.id,
    );
    expect(new Set(ids).size).toBe(5);
    expect(third.body.nextCursor).toBeNull();
  });
});

describe('inquiries', () => {
  // A kind of thing as an area would declare it; the messages area knows none of its own.
  const widgets = new Map<string, { ownerId: string; title: string; hiddenFrom?: string }>();
  const registerWidgets = () =>
    registerInquiryKind({
      kind: 'test_widget',
      notFound: 'This widget could not be found.',
      async find(_db, viewerId, id) {
        const w = widgets.get(id);
        if (!w || w.hiddenFrom === viewerId) return null;
        return {
          ownerId: w.ownerId,
          title: w.title,
          link: `/widgets/${id}`,
          notice: (name) => ({
            type: 'message',
            title: 'New Widget Inquiry',
            message: `${name} asks about your widget "${w.title}"`,
            data: { widgetId: id },
          }),
        };
      },
    });

  it('refuses a kind no area declared with a 400 that names it, and a malformed pair', async () => {
    const res = await send(alice, bob, 'interested', { inquiry: { kind: 'no_such_kind', id: randomUUID() } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(INQUIRY_MSG.unknownKind('no_such_kind'));
    expect(res.body.error.message).toContain('"no_such_kind"');
    for (const inquiry of [
      { kind: 'Bad Kind!', id: randomUUID() },
      { kind: 'test_widget', id: 'not-a-uuid' },
      { kind: 'test_widget' },
      { kind: 'test_widget', id: randomUUID(), extra: 1 },
    ]) {
      expect((await send(alice, bob, 'interested', { inquiry })).status).toBe(400);
    }
    // The fields an inquiry once had are not part of the API any more.
    expect((await send(alice, bob, 'x', { messageType: 'business_inquiry' })).status).toBe(400);
  });

  it('carries the (kind, id) pair, counts as an inquiry and notifies the owner in the kind’s words', async () => {
    registerWidgets();
    const [owner, investor] = [await person(), await person()];
    const widgetId = randomUUID();
    widgets.set(widgetId, { ownerId: owner.id, title: 'Solar Kiosks' });
    const inquiry = { kind: 'test_widget', id: widgetId };
    // Only to the thing's owner; a thing the kind does not know is its own "not found".
    const wrong = await send(investor, bob, 'hi', { inquiry });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('This widget could not be found.');
    expect(
      (await send(investor, owner, 'hi', { inquiry: { kind: 'test_widget', id: randomUUID() } })).status,
    ).toBe(400);
    const res = await send(investor, owner, 'I would like to invest', { inquiry });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      inquiry,
      metadata: { title: 'Solar Kiosks', link: `/widgets/${widgetId}` },
    });
    const [row] = await t.db.select().from(messages).where(eq(messages.id, res.body.id));
    expect(row).toMatchObject({ inquiryKind: 'test_widget', inquiryId: widgetId });

    expect((await owner.agent.get('/api/messages/unread')).body).toEqual({ messages: 1, inquiries: 1 });
    const inquiries = await owner.agent.get('/api/messages/inquiries');
    expect(inquiries.body.items).toHaveLength(1);
    expect(inquiries.body.items[0]).toMatchObject({
      content: 'I would like to invest',
      inquiry,
      sender: { id: investor.id },
    });
    expect((await investor.agent.get('/api/messages/inquiries')).body.items).toEqual([]);
    const list = await owner.agent.get('/api/messages/conversations');
    expect(list.body.items[0].lastMessage).toMatchObject({ isInquiry: true });
    const [n] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.title, 'New Widget Inquiry')));
    expect(n).toMatchObject({
      message: `${investor.username} asks about your widget "Solar Kiosks"`,
      data: { senderId: investor.id, widgetId },
      link: `/messages?with=${investor.id}`,
    });
  });

  it('refuses, as the wrong person, an inquiry about a thing the kind hides from the sender', async () => {
    registerWidgets();
    const [owner, outsider, insider] = [await person(), await person(), await person()];
    const widgetId = randomUUID();
    widgets.set(widgetId, { ownerId: owner.id, title: 'Private Widget', hiddenFrom: outsider.id });
    const inquiry = { kind: 'test_widget', id: widgetId };
    const refused = await send(outsider, owner, 'Tell me more', { inquiry });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('This widget could not be found.');
    // Nothing was stored or told; someone who may see it can ask.
    expect((await owner.agent.get('/api/messages/inquiries')).body.items).toEqual([]);
    expect((await owner.agent.get('/api/messages/unread')).body).toEqual({ messages: 0, inquiries: 0 });
    expect((await send(insider, owner, 'Tell me more', { inquiry })).status).toBe(201);
  });
});
