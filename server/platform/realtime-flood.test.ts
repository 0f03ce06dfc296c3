import { topic } from '@common/core/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../test/harness';
import { createTestApp, openSocket, type TestApp } from '../test/harness';
import { eventsOf, newMember, settle, socketOf, subscribe, type Person } from '../test/realtime-kit';
import { REALTIME_OPENS } from './realtime-budget';
import { PRESENCE_QUIET_MS } from './realtime-presence';

/*
 * Issue 26: opening and closing sockets was unlimited (200 cycles in 3.5 s, 400 presence events
 * to a watcher), and each process kept its own budget, so N processes allowed N times what one
 * person may do. Openings now count against the person's limit, shared by every instance, and a
 * watcher hears at most one presence change per person per quiet window, ending on the real state.
 */

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await t.listen();
});
afterAll(() => t?.close());

/** Opens a socket of `p`'s and closes it at once; the handshake's status (101 as ok). */
async function cycle(base: string, agent: Agent) {
  const s = await openSocket(base, agent);
  s.close();
  return s.opened.ok ? 101 : s.opened.status;
}

describe('an open/close loop', () => {
  it('is refused with 429 beyond the person’s openings, and a watcher hears a few changes ending on the real state', async () => {
    const [attacker, watcher] = [await newMember(t), await newMember(t)];
    const w = await socketOf(url, watcher);
    await subscribe(w, [topic.presence(attacker.id)]);
    await w.waitFor('presence', (e) => e.userId === attacker.id && !e.online);
    const from = w.events.length;

    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) statuses.push(await cycle(url, attacker.agent));
    const took = Date.now() - started;

    const opened = statuses.filter((s) => s === 101).length;
    expect(opened).toBeLessThanOrEqual(REALTIME_OPENS.max);
    expect(statuses.filter((s) => s === 429).length).toBe(200 - opened);
    // Let the last quiet window end: the final state goes out if it differs.
    await new Promise((r) => setTimeout(r, PRESENCE_QUIET_MS + 500));
    await settle(w);
    const heard = eventsOf(w, 'presence', from).filter((e) => e.userId === attacker.id);
    // One change per window at most (and the one that opened the first window).
    expect(heard.length).toBeLessThanOrEqual(
      Math.ceil((took + PRESENCE_QUIET_MS + 500) / PRESENCE_QUIET_MS) + 1,
    );
    expect(heard.at(-1)?.online ?? false).toBe(false);

    // Still refused right after; someone else's openings are their own.
    expect(await cycle(url, attacker.agent)).toBe(429);
    const other = await socketOf(url, await newMember(t));
    other.close();
    w.close();
  }, 60_000);

  it('announces a person who stays online after a quick flap as online, once', async () => {
    const [p, watcher] = [await newMember(t), await newMember(t)];
    const w = await socketOf(url, watcher);
    await subscribe(w, [topic.presence(p.id)]);
    await w.waitFor('presence', (e) => e.userId === p.id);
    const from = w.events.length;
    for (let i = 0; i < 5; i++) expect(await cycle(url, p.agent)).toBe(101);
    const stays = await socketOf(url, p);
    await new Promise((r) => setTimeout(r, PRESENCE_QUIET_MS + 500));
    await settle(w);
    const heard = eventsOf(w, 'presence', from).filter((e) => e.userId === p.id);
    expect(heard.length).toBeLessThanOrEqual(3);
    expect(heard.at(-1)?.online).toBe(true);
    stays.close();
    w.close();
  }, 30_000);
});

describe('budgets across instances', () => {
  it('two instances on one database share a person’s openings', async () => {
    const other = await t.startInstance();
    const otherUrl = await t.listen(other);
    const p: Person = await newMember(t);
    const half = REALTIME_OPENS.max / 2;
    for (let i = 0; i < half; i++) expect(await cycle(url, p.agent)).toBe(101);
    // Each process adds its count to the shared tally and reads the others' back (about once a second).
    await t.booted.meter.sync();
    await other.meter.sync();
    const statuses: number[] = [];
    for (let i = 0; i < half + 5; i++) statuses.push(await cycle(otherUrl, p.agent));
    // The second instance lets through only what the first left (not a whole budget of its own).
    expect(statuses.filter((s) => s === 101).length).toBe(REALTIME_OPENS.max - half);
    expect(statuses.filter((s) => s === 429).length).toBe(5);
  }, 60_000);
});
