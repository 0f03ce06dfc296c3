import { randomUUID } from 'node:crypto';
import { topic } from '@common/core/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { eventsOf, newMember, settle, socketOf, subscribe } from '../test/realtime-kit';
import { BUDGET_BURST, BUDGET_PER_SECOND, createBudget } from './realtime-budget';

/*
 * Issue 13, hole 5 (the socket's part): every topic a socket subscribes to is authorised by a
 * query, so a subscribe/unsubscribe loop must not make the server query without end. Each person
 * has a budget on each process (realtime-budget.ts); beyond it, topics are refused and deferred,
 * and opening another socket does not refill it.
 */

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await t.listen();
});
afterAll(() => t?.close());

describe('the budget', () => {
  it('allows a burst, then a steady rate, and forgets people whose bucket is full again', () => {
    let now = 0;
    const budget = createBudget({ burst: 3, perSecond: 2, now: () => now });
    expect([1, 2, 3, 4].map(() => budget.take('a'))).toEqual([true, true, true, false]);
    expect(budget.take('b')).toBe(true);
    expect(budget.waitMs('a')).toBe(500);
    now += 500;
    expect(budget.take('a')).toBe(true);
    expect(budget.take('a')).toBe(false);
    now += 10_000;
    budget.sweep();
    expect(budget.size()).toBe(0);
  });
});

describe('a subscribe flood', () => {
  it('is refused beyond the budget, across the person’s sockets', async () => {
    const attacker = await newMember(t);
    const first = await socketOf(url, attacker);
    const started = Date.now();
    let accepted = 0;
    let deferred = 0;
    let sent = 0;
    // Rounds of 40 fresh topics (each needs a query to authorise), unsubscribed at once, until the
    // server defers some (a slow machine refills the budget while it works: hence no fixed count).
    for (let round = 0; round < 60 && deferred === 0; round++) {
      const topics = Array.from({ length: 40 }, () => topic.presence(randomUUID()));
      const answer = await subscribe(first, topics);
      sent += topics.length;
      accepted += answer.topics.length;
      deferred += answer.deferred?.length ?? 0;
      first.send({ op: 'unsubscribe', topics });
    }
    expect(deferred).toBeGreaterThan(0);
    // A second socket of the same person starts from the same, spent budget.
    const second = await socketOf(url, attacker);
    let lateDeferred = 0;
    for (let frame = 0; frame < 2; frame++) {
      const topics = Array.from({ length: 40 }, () => topic.presence(randomUUID()));
      const late = await subscribe(second, topics);
      sent += topics.length;
      accepted += late.topics.length;
      lateDeferred += late.deferred?.length ?? 0;
    }
    expect(lateDeferred).toBeGreaterThan(0);
    deferred += lateDeferred;

    // Never more authorisations than the burst and what trickled back meanwhile.
    const allowed = BUDGET_BURST + ((Date.now() - started) / 1000) * BUDGET_PER_SECOND + 1;
    expect(accepted).toBeLessThanOrEqual(allowed);
    expect(accepted + deferred).toBe(sent);
    const withWait = eventsOf(first, 'subscribed').filter((e) => e.deferred?.length);
    expect(withWait.length).toBeGreaterThan(0);
    for (const e of withWait) {
      expect(e.retryAfterMs).toBeGreaterThan(0);
      expect(e.refused).toEqual(expect.arrayContaining(e.deferred!));
    }

    // Someone else's budget is their own.
    const other = await socketOf(url, await newMember(t));
    const fine = await subscribe(other, [topic.presence(attacker.id)]);
    expect(fine.topics).toEqual([topic.presence(attacker.id)]);
    [first, second, other].forEach((s) => s.close());
  });

  it('still accepts, at no cost, a topic the socket already follows once the budget is spent', async () => {
    const p = await newMember(t);
    const s = await socketOf(url, p);
    const name = topic.presence(randomUUID());
    expect((await subscribe(s, [name])).topics).toEqual([name]);
    // Each round asks for fresh topics and, last, the one already followed: once the fresh ones
    // are deferred for want of budget, the followed one is still accepted in the same answer.
    let spent: Awaited<ReturnType<typeof subscribe>> | null = null;
    for (let round = 0; round < 60 && !spent; round++) {
      const fresh = Array.from({ length: 39 }, () => topic.presence(randomUUID()));
      const answer = await subscribe(s, [...fresh, name]);
      if (answer.deferred?.length) spent = answer;
      s.send({ op: 'unsubscribe', topics: fresh });
    }
    expect(spent?.topics).toContain(name);
    expect(spent?.refused).not.toContain(name);
    s.close();
  });

  it('handles a socket’s subscribes and unsubscribes in the order sent', async () => {
    const [watcher, watched, sentinel] = [await newMember(t), await newMember(t), await newMember(t)];
    const w = await socketOf(url, watcher);
    // Subscribe and at once unsubscribe: the unsubscribe must not overtake the authorisation.
    w.send({ op: 'subscribe', topics: [topic.presence(watched.id)] });
    w.send({ op: 'unsubscribe', topics: [topic.presence(watched.id)] });
    await w.waitFor('presence', (e) => e.userId === watched.id);
    expect((await subscribe(w, [topic.presence(sentinel.id)])).topics).toEqual([topic.presence(sentinel.id)]);
    // Both come online; only the one still followed is heard.
    const from = w.events.length;
    const s1 = await socketOf(url, watched);
    const s2 = await socketOf(url, sentinel);
    await w.waitFor('presence', (e) => e.userId === sentinel.id && e.online);
    await settle(w);
    expect(eventsOf(w, 'presence', from).map((e) => e.userId)).toEqual([sentinel.id]);
    [w, s1, s2].forEach((s) => s.close());
  });
});
