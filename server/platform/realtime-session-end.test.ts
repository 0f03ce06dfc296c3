import { eq } from 'drizzle-orm';
import { CLOSE } from '@common/core/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { createTestApp, type TestApp, type TestSocket } from '../test/harness';
import { newMember, socketOf, type Person } from '../test/realtime-kit';

/*
 * Issue 13, hole 7 (the socket's part): an open socket stops receiving within 5 s of its session
 * ending (sign-out, password change, account deletion), not at the next periodic re-check a
 * minute later. The sessions.revoked event does it, on every instance, with or without the names
 * of the people concerned.
 */

/** The bound. */
const WITHIN_MS = 5000;

let t: TestApp;
let url: string;
const member = () => newMember(t);

/** Resolves with the close code and how long after `since` it came; rejects after WITHIN_MS. */
function closedWithin(s: TestSocket, since: number) {
  return new Promise<{ code: number; ms: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${WITHIN_MS} ms`)), WITHIN_MS);
    s.ws.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, ms: Date.now() - since });
    });
  });
}
async function signIn(p: Person) {
  const agent = t.agent();
  const res = await agent.post('/api/auth/sign-in/email', { email: p.email, password: p.password });
  expect(res.status, res.text).toBe(200);
  return agent;
}

beforeAll(async () => {
  t = await createTestApp();
  url = await t.listen();
});
afterAll(() => t?.close());

describe('a session that ends closes its sockets within 5 s', () => {
  it('on sign-out', async () => {
    const p = await member();
    const s = await socketOf(url, p);
    const other = await socketOf(url, await member());
    const since = Date.now();
    const closed = closedWithin(s, since);
    expect((await p.agent.post('/api/auth/sign-out')).status).toBe(200);
    expect((await closed).code).toBe(CLOSE.sessionEnded);
    // Someone else's socket is untouched.
    other.send({ op: 'ping' });
    await other.waitFor('pong');
    other.close();
  });

  it('on a password change, for the other sessions it ends', async () => {
    const p = await member();
    const elsewhere = { ...p, agent: await signIn(p) };
    const s = await socketOf(url, elsewhere);
    const closed = closedWithin(s, Date.now());
    const res = await p.agent.post('/api/auth/change-password', {
      currentPassword: p.password,
      newPassword: 'another-horse-2',
    });
    expect(res.status, res.text).toBe(200);
    expect((await closed).code).toBe(CLOSE.sessionEnded);
  });

  it('on account deletion', async () => {
    const p = await member();
    const s = await socketOf(url, p);
    const closed = closedWithin(s, Date.now());
    const res = await p.agent.post('/api/account/delete', { password: p.password });
    expect(res.status, res.text).toBe(200);
    expect((await closed).code).toBe(CLOSE.sessionEnded);
  });

  it('on a sessions.revoked that names the person, or names nobody', async () => {
    for (const named of [true, false]) {
      const p = await member();
      const s = await socketOf(url, p);
      const closed = closedWithin(s, Date.now());
      // Another instance ended the session: the row is gone and the bus says so.
      await t.db.delete(sessions).where(eq(sessions.userId, p.id));
      t.booted.bus.publish({ event: { type: 'sessions.revoked', ...(named ? { userIds: [p.id] } : {}) } });
      expect((await closed).code).toBe(CLOSE.sessionEnded);
    }
  });
});
