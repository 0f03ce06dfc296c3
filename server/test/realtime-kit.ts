import type { ServerEvent } from '@common/core/realtime';
import { expect } from 'vitest';
import { openSocket, signUpAndVerify, type Agent, type TestApp, type TestSocket } from './harness';

/*
 * What the realtime privacy tests share (issue 13): people, sockets past their greeting, a
 * subscribe that waits for its own answer, and a way to prove a socket received nothing (a ping
 * answered after the events in question were sent), since "no event" cannot be waited for.
 */

export type Person = { agent: Agent; id: string; username: string; email: string; password: string };
type Subscribed = Extract<ServerEvent, { type: 'subscribed' }>;

export async function newMember(t: TestApp): Promise<Person> {
  const agent = t.agent();
  const { viewer, person } = await signUpAndVerify(t, agent);
  return { agent, id: viewer.id, ...person };
}

/** An open socket of `p`'s, past its hello. */
export async function socketOf(url: string, p: Person): Promise<TestSocket> {
  const s = await openSocket(url, p.agent);
  expect(s.opened).toEqual({ ok: true });
  await s.waitFor('hello');
  return s;
}

/** Events of one type received from index `from` on. */
export function eventsOf<T extends ServerEvent['type']>(s: TestSocket, type: T, from = 0) {
  return s.events.slice(from).filter((e): e is Extract<ServerEvent, { type: T }> => e.type === type);
}

/** Sends a subscribe and returns the server's answer to it. */
export async function subscribe(s: TestSocket, topics: string[]): Promise<Subscribed> {
  const from = s.events.length;
  s.send({ op: 'subscribe', topics });
  await expect.poll(() => eventsOf(s, 'subscribed', from).length, { timeout: 5000 }).toBeGreaterThan(0);
  return eventsOf(s, 'subscribed', from)[0]!;
}

/**
 * Resolves once the server has answered a ping sent now: whatever it wrote to this socket before
 * (the events of a change made earlier in the test) has arrived by then.
 */
export async function settle(s: TestSocket) {
  const from = s.events.length;
  s.send({ op: 'ping' });
  await expect.poll(() => eventsOf(s, 'pong', from).length, { timeout: 5000 }).toBeGreaterThan(0);
}

/** The ids of people anywhere in what the socket received. */
export function mentions(s: TestSocket, id: string) {
  return s.events.filter((e) => JSON.stringify(e).includes(id));
}
