import { REALTIME, topic } from '@common/core/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSocket, signedUpPerson, type TestApp } from '../test/harness';

/*
 * A subscription's answer says, for each accepted topic, for how long this process knows nothing
 * was published on it (`quietMs`): since the topic's last event, or since the process started
 * listening, at most REALTIME.quietWindowMs. A page whose data was read by a request sent less
 * than that long before the answer came skips its catch-up. Through the real app and socket.
 */

let t: TestApp;
let url: string;
let startedBefore: number;
let startedAfter: number;

beforeAll(async () => {
  startedBefore = Date.now();
  t = await createTestApp();
  startedAfter = Date.now();
  url = await t.listen();
});
afterAll(() => t?.close());

async function publishArticle(agent: Awaited<ReturnType<typeof signedUpPerson>>['agent']) {
  const res = await agent.post('/api/articles', {
    title: 'A field report',
    content: 'An article body. '.repeat(20),
    category: 'business',
    imageUrl: null,
    status: 'published',
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

describe("a subscription answer's quietMs", () => {
  it("is the time since the topic's last event, or since the process started, at most the window", async () => {
    const alice = await signedUpPerson(t);
    const bob = await signedUpPerson(t);
    const touched = topic.content('article', await publishArticle(alice.agent));
    const untouched = topic.content('article', await publishArticle(alice.agent));

    // Bob's page listens to the article an event will be published on.
    const watcher = await openSocket(url, bob.agent);
    await watcher.waitFor('hello');
    watcher.send({ op: 'subscribe', topics: [touched] });
    await watcher.waitFor('subscribed');

    // Alice reacts: an event on the topic, heard by this process before Bob's socket got it.
    const sentBefore = Date.now();
    const id = touched.split(':')[2]!;
    expect(
      (await alice.agent.request('PUT', `/api/reactions/article/${id}/like`, { active: true })).status,
    ).toBe(200);
    await watcher.waitFor('reactions.changed', (e) => e.contentId === id);
    const heardBy = Date.now();

    const ask = async () => {
      const s = await openSocket(url, alice.agent);
      await s.waitFor('hello');
      const askedAt = Date.now();
      s.send({ op: 'subscribe', topics: [touched, untouched] });
      const answer = await s.waitFor('subscribed');
      const answeredAt = Date.now();
      s.close();
      expect(answer.topics).toEqual([touched, untouched]);
      expect(Object.keys(answer.quietMs ?? {}).sort()).toEqual([touched, untouched].sort());
      return { quietMs: answer.quietMs!, quiet: answer.quiet, askedAt, answeredAt };
    };

    // Right after the event: no longer than since the reaction was sent.
    const first = await ask();
    expect(first.quietMs[touched]).toBeGreaterThanOrEqual(first.askedAt - heardBy);
    expect(first.quietMs[touched]).toBeLessThanOrEqual(first.answeredAt - sentBefore);
    // A topic nothing was published on: quiet since the process started (less than the window here).
    expect(first.quietMs[untouched]).toBeGreaterThanOrEqual(first.askedAt - startedAfter);
    expect(first.quietMs[untouched]).toBeLessThanOrEqual(
      Math.min(REALTIME.quietWindowMs, first.answeredAt - startedBefore),
    );
    expect(first.quietMs[untouched]).toBeGreaterThan(first.quietMs[touched]!);
    // Neither was quiet for a whole window: the old field, for old pages, names neither.
    expect(first.quietMs[untouched]).toBeLessThan(REALTIME.quietWindowMs);
    expect(first.quiet).toBeUndefined();

    // Later: it grows with the time since the event.
    await new Promise((r) => setTimeout(r, 400));
    const later = await ask();
    expect(later.quietMs[touched]).toBeGreaterThanOrEqual(later.askedAt - heardBy);
    expect(later.quietMs[touched]).toBeGreaterThanOrEqual(first.quietMs[touched]! + 300);
    expect(later.quietMs[touched]).toBeLessThanOrEqual(later.answeredAt - sentBefore);
    watcher.close();
  });
});
