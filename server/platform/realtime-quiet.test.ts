import type { ServerEvent } from '@common/core/realtime';
import { REALTIME } from '@common/core/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../lib/logger';
import { createBudget } from './realtime-budget';
import { createConnections, type Conn } from './realtime-connections';

/*
 * A subscription's answer names the topics nothing was published on for REALTIME.quietWindowMs
 * (`quiet`): a page that just fetched them skips its catch-up refetch. A topic is quiet only when
 * this process heard every event of the whole window: not right after it started, nor after a bus
 * gap (a resync), and not when an event came on it within the window.
 */

const TOPIC = 'content:article:6c0a8f0e-9a55-4f8e-bd5e-1f6c2f8b9a01';
const OTHER = 'content:article:0f3b2f5e-2d44-4c1a-9f51-7d1e0b6a4c02';

function fakeConn(userId: string): Conn & { frames: ServerEvent[] } {
  const frames: ServerEvent[] = [];
  const ws = {
    OPEN: 1,
    readyState: 1,
    send: (data: string | Buffer) => frames.push(JSON.parse(String(data)) as ServerEvent),
    close: () => {},
  };
  return {
    ws: ws as unknown as Conn['ws'],
    userId,
    sessionToken: 't',
    expiresAt: Date.now() + 3_600_000,
    topics: new Set(),
    lastTyping: 0,
    lastSeen: 0,
    frames,
  };
}

describe('quiet topics in a subscription answer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  function setup() {
    const conns = createConnections({
      logger: createLogger('silent'),
      changePresence: () => {},
      onlineAmong: async () => new Set(),
      budget: createBudget({ burst: 1000, perSecond: 1000, now: () => Date.now() }),
    });
    conns.registerTopic('content', () => true);
    return conns;
  }
  async function answer(conns: ReturnType<typeof setup>, topics: string[]) {
    const conn = fakeConn('00000000-0000-4000-8000-000000000001');
    conns.add(conn);
    await conns.subscribe(conn, topics);
    const reply = conn.frames.find((f) => f.type === 'subscribed');
    conns.remove(conn);
    if (reply?.type !== 'subscribed') throw new Error('no answer');
    return reply;
  }
  const event = (topic: string) => ({
    topic,
    event: { type: 'resync' } as ServerEvent,
  });

  it('says nothing until the process has heard a whole window', async () => {
    const conns = setup();
    expect((await answer(conns, [TOPIC])).quiet).toBeUndefined();
    vi.advanceTimersByTime(REALTIME.quietWindowMs);
    expect((await answer(conns, [TOPIC])).quiet).toEqual([TOPIC]);
  });

  it('a topic with an event within the window is not quiet; another one is', async () => {
    const conns = setup();
    vi.advanceTimersByTime(REALTIME.quietWindowMs + 1000);
    conns.targetsOf(event(TOPIC));
    vi.advanceTimersByTime(REALTIME.quietWindowMs - 1000);
    const reply = await answer(conns, [TOPIC, OTHER]);
    expect(reply.topics).toEqual([TOPIC, OTHER]);
    expect(reply.quiet).toEqual([OTHER]);
    vi.advanceTimersByTime(1000);
    expect((await answer(conns, [TOPIC, OTHER])).quiet).toEqual([TOPIC, OTHER]);
  });

  it('a bus gap (a resync to everyone) makes nothing quiet for a whole window', async () => {
    const conns = setup();
    vi.advanceTimersByTime(REALTIME.quietWindowMs * 2);
    conns.targetsOf({ event: { type: 'resync' } });
    vi.advanceTimersByTime(REALTIME.quietWindowMs - 1);
    expect((await answer(conns, [TOPIC])).quiet).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect((await answer(conns, [TOPIC])).quiet).toEqual([TOPIC]);
  });

  it("the greeting's quiet: nothing sent to this person within the window, as far as this process heard", () => {
    const conns = setup();
    const me = '00000000-0000-4000-8000-000000000001';
    const other = '00000000-0000-4000-8000-000000000002';
    expect(conns.isPersonQuiet(me)).toBe(false); // the process has not heard a whole window yet
    vi.advanceTimersByTime(REALTIME.quietWindowMs);
    expect(conns.isPersonQuiet(me)).toBe(true);
    // Something for me (and someone else) makes me not quiet for a window; a topic's event does not.
    conns.targetsOf({ to: [me, other], event: { type: 'resync' } as ServerEvent });
    conns.targetsOf(event(TOPIC));
    vi.advanceTimersByTime(REALTIME.quietWindowMs - 1);
    expect(conns.isPersonQuiet(me)).toBe(false);
    expect(conns.isPersonQuiet(other)).toBe(false);
    expect(conns.isPersonQuiet('00000000-0000-4000-8000-000000000003')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(conns.isPersonQuiet(me)).toBe(true);
  });

  it("the greeting's quietMs: how long nothing was sent to this person, as far as this process heard", () => {
    const conns = setup();
    const me = '00000000-0000-4000-8000-000000000001';
    const other = '00000000-0000-4000-8000-000000000002';
    // Since the process started: it has heard 5 s, so it knows of 5 s of quiet at most.
    vi.advanceTimersByTime(5000);
    expect(conns.personQuietFor(me)).toBe(5000);
    vi.advanceTimersByTime(REALTIME.quietWindowMs);
    expect(conns.personQuietFor(me)).toBe(REALTIME.quietWindowMs); // never more than the window
    // Something sent to me: quiet since then; another person stays quiet for the whole window.
    conns.targetsOf({ to: [me], event: { type: 'resync' } as ServerEvent });
    vi.advanceTimersByTime(1200);
    expect(conns.personQuietFor(me)).toBe(1200);
    expect(conns.personQuietFor(other)).toBe(REALTIME.quietWindowMs);
    // A topic's event is not sent to a person.
    conns.targetsOf(event(TOPIC));
    expect(conns.personQuietFor(other)).toBe(REALTIME.quietWindowMs);
    // A bus gap: nothing is known before it, for anyone.
    vi.advanceTimersByTime(800);
    conns.targetsOf({ event: { type: 'resync' } });
    vi.advanceTimersByTime(300);
    expect(conns.personQuietFor(me)).toBe(300);
    expect(conns.personQuietFor(other)).toBe(300);
  });
});
