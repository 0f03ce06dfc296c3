import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestSocket } from '../test/harness';
import { eventsOf, newMember, settle, socketOf, subscribe, type Person } from '../test/realtime-kit';

/*
 * Delivering an event hidden from people blocked with someone (a new comment, hidden from whoever
 * blocks its author or is blocked by them) asks the database who they are while the event is on
 * its way. That check has its own connections on PostgreSQL (realtime-lane.ts): an event does not
 * wait behind the requests queued for the app's pool, which made new comments come seconds late
 * whenever the database was busy.
 */

let t: TestApp;
let url: string;
let author: Person, reader: Person, blocker: Person;
let readerSocket: TestSocket, blockerSocket: TestSocket;
const TOPIC = 'forum-groups:all';

/** An event on TOPIC hidden from people blocked with the author; `groupId` tells it apart. */
function publishHidden(groupId: string) {
  t.booted.bus.publish({
    topic: TOPIC,
    event: { type: 'forum.changed', groupId, postId: null, what: 'group' },
    hideFromBlockedWith: author.id,
  });
}
const marked = (s: TestSocket, groupId: string) =>
  eventsOf(s, 'forum.changed').filter((e) => e.groupId === groupId);

beforeAll(async () => {
  t = await createTestApp();
  url = await t.listen();
  [author, reader, blocker] = [await newMember(t), await newMember(t), await newMember(t)];
  expect((await blocker.agent.post(`/api/connections/${author.id}/block`)).status).toBe(200);
});

/** The reader's and the blocker's sockets, following TOPIC (opened by the first test that asks). */
async function sockets() {
  if (readerSocket) return;
  readerSocket = await socketOf(url, reader);
  blockerSocket = await socketOf(url, blocker);
  expect((await subscribe(readerSocket, [TOPIC])).topics).toEqual([TOPIC]);
  expect((await subscribe(blockerSocket, [TOPIC])).topics).toEqual([TOPIC]);
}
afterAll(async () => {
  readerSocket?.close();
  blockerSocket?.close();
  await t?.close();
});

describe('an event hidden from people blocked with its author', () => {
  it('reaches the other subscribers and not someone who blocked the author', async () => {
    await sockets();
    const groupId = randomUUID();
    publishHidden(groupId);
    await readerSocket.waitFor('forum.changed', (e) => e.groupId === groupId);
    await settle(blockerSocket);
    expect(marked(blockerSocket, groupId)).toEqual([]);
  });

  // The app's pool is one connection on PGlite: there is no queue of requests to pass.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'is delivered while every connection of the app pool is busy',
    async () => {
      await sockets();
      // The test database's pool has 4 connections: all of them sleep for 4 s.
      let freed = false;
      const busy = Promise.all(
        Array.from({ length: 4 }, () =>
          t.db.execute(sql`select pg_sleep(4)`).then(() => {
            freed = true;
          }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const groupId = randomUUID();
      publishHidden(groupId);
      await readerSocket.waitFor('forum.changed', (e) => e.groupId === groupId);
      // It came before any connection of the app pool was free again, and the check still held.
      expect(freed).toBe(false);
      await settle(blockerSocket);
      expect(marked(blockerSocket, groupId)).toEqual([]);
      await busy;
    },
    15_000,
  );
});
