import { describe, expect, it } from 'vitest';

/*
 * How the community bench judges a write's live event (scripts/bench-community-member.mjs), with no
 * server: a member whose page holds the write's topic, the server's answers to its socket played by
 * hand. The sixth round's one unexplained miss (an RSVP, socket open, topic "confirmed before")
 * was a topic the server confirmed while the write was on its way: the subscription may then come
 * after the event was published, and the confirmation's catch-up shows the write instead.
 */

type Ctx = Record<string, unknown>;
type WorldT = {
  expect(key: string, member: unknown, kind: string, t0: number, write: unknown, topic: string): void;
  arrive(key: string, member: unknown, at: number): void;
  sweep(now?: number): Record<string, number>;
  arrived: number;
  missed: number;
  misses: Ctx[];
  caughtUpOnSubscribe: Record<string, number>;
  stats: { catchUps: number; quietSkips: number };
  confirmedDuringWrite: Record<string, number>;
  agent: { destroy(): void };
};
type MemberT = {
  ws: unknown;
  holdTopics(topics: string[], catchUps?: Record<string, string[]>, readsAt?: number | null): void;
  onEvent(ev: unknown, at: number): void;
};
type Bench = {
  World: new (o: Record<string, unknown>) => WorldT;
  Member: new (w: WorldT, d: Record<string, unknown>) => MemberT;
  missReason: (x: Ctx) => string;
};

const bench = (await import(new URL('./bench-community-member.mjs', import.meta.url).href)) as Bench;

const EVENT = 'e6a0f1c2-4b1d-4c55-9d43-0a7b5d1e2f30';
const TOPIC = `event:${EVENT}`;
const KEY = 'rsvp:m1:' + EVENT;

/** A member on the event's page, its socket open; the subscribe it sends goes nowhere. */
function setUp() {
  const w = new bench.World({ port: 1, base: 'http://127.0.0.1:1', ids: {}, members: [] });
  const m = new bench.Member(w, { id: 'm1', cookie: '', ip: '10.0.0.1' });
  m.ws = { readyState: 1, send() {} };
  m.holdTopics([TOPIC], { [TOPIC]: [`/api/events/${EVENT}`] });
  return { w, m };
}

const confirm = (m: MemberT, at: number, quiet = false) =>
  m.onEvent({ type: 'subscribed', topics: [TOPIC], refused: [], ...(quiet ? { quiet: [TOPIC] } : {}) }, at);

describe("the community bench's judgement of a write's live event", () => {
  it('counts a write whose topic was confirmed while it was on its way as shown by the catch-up', () => {
    const { w, m } = setUp();
    const t0 = performance.now();
    confirm(m, t0 + 5);
    w.expect(KEY, m, 'rsvp', t0, { port: 0 }, TOPIC);
    w.sweep(performance.now() + 6_000);
    expect({ arrived: w.arrived, missed: w.missed }).toEqual({ arrived: 1, missed: 0 });
    expect(w.caughtUpOnSubscribe).toEqual({ rsvp: 1 });
    expect(w.confirmedDuringWrite).toEqual({ rsvp: 1 });
    w.agent.destroy();
  });

  it('still counts the event as arrived when it comes', () => {
    const { w, m } = setUp();
    const t0 = performance.now();
    confirm(m, t0 + 5);
    w.expect(KEY, m, 'rsvp', t0, { port: 0 }, TOPIC);
    w.arrive(KEY, m, performance.now());
    w.sweep(performance.now() + 6_000);
    expect({ arrived: w.arrived, missed: w.missed }).toEqual({ arrived: 1, missed: 0 });
    expect(w.confirmedDuringWrite).toEqual({});
    w.agent.destroy();
  });

  it('misses the event of a topic confirmed before the write started', () => {
    const { w, m } = setUp();
    confirm(m, performance.now());
    const t0 = performance.now() + 1;
    w.expect(KEY, m, 'rsvp', t0, { port: 0 }, TOPIC);
    w.sweep(performance.now() + 6_000);
    expect({ arrived: w.arrived, missed: w.missed }).toEqual({ arrived: 0, missed: 1 });
    expect(bench.missReason(w.misses[0]!)).toBe('subscribed, process unknown');
    w.agent.destroy();
  });

  it('misses it when the confirmation during the write said the topic was quiet (no catch-up ran)', () => {
    const { w, m } = setUp();
    const t0 = performance.now();
    confirm(m, t0 + 5, true);
    w.expect(KEY, m, 'rsvp', t0, { port: 0 }, TOPIC);
    w.sweep(performance.now() + 6_000);
    expect({ arrived: w.arrived, missed: w.missed }).toEqual({ arrived: 0, missed: 1 });
    expect(bench.missReason(w.misses[0]!)).toBe('subscribed while the write was on its way');
    w.agent.destroy();
  });
});

describe("the community bench's catch-up rule (the web app's)", () => {
  const answer = (m: MemberT, at: number, quietMs?: number, quiet = false) =>
    m.onEvent(
      {
        type: 'subscribed',
        topics: [TOPIC],
        refused: [],
        ...(quiet ? { quiet: [TOPIC] } : {}),
        ...(quietMs === undefined ? {} : { quietMs: { [TOPIC]: quietMs } }),
      },
      at,
    );

  it("skips when the answer came sooner after the page's reads were sent than the topic was quiet", () => {
    const { w, m } = setUp();
    const readsAt = performance.now();
    m.holdTopics([TOPIC], { [TOPIC]: [`/api/events/${EVENT}`] }, readsAt);
    answer(m, readsAt + 40, 41);
    expect([w.stats.quietSkips, w.stats.catchUps]).toEqual([1, 0]);
    // Something was published on it after the reads began (or right as they did): a catch-up.
    answer(m, readsAt + 40, 40);
    expect([w.stats.quietSkips, w.stats.catchUps]).toEqual([1, 1]);
    // The window rule's `quiet` does not count when the send time is known.
    answer(m, readsAt + 40, 10, true);
    expect([w.stats.quietSkips, w.stats.catchUps]).toEqual([1, 2]);
    w.agent.destroy();
  });

  it('keeps the window rule without a send time or an answer from an older server', () => {
    const { w, m } = setUp();
    answer(m, performance.now(), 60_000);
    expect([w.stats.quietSkips, w.stats.catchUps]).toEqual([0, 1]);
    answer(m, performance.now(), 60_000, true);
    expect([w.stats.quietSkips, w.stats.catchUps]).toEqual([1, 1]);
    m.holdTopics([TOPIC], { [TOPIC]: [`/api/events/${EVENT}`] }, performance.now());
    answer(m, performance.now(), undefined, true);
    expect([w.stats.quietSkips, w.stats.catchUps]).toEqual([2, 1]);
    w.agent.destroy();
  });
});
