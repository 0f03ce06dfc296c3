import { randomBytes, scryptSync } from 'node:crypto';
import { MSG_AUTH_SAFETY } from '@common/core/texts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../db/schema/auth';
import { createTestApp, newPerson, signUpAndVerify, type TestApp } from '../test/harness';
import {
  HASH_CONCURRENCY,
  HASH_MAX_WAITING,
  HashQueueFull,
  OWASP_SCRYPT,
  hashPassword,
  hashQueueStats,
  needsRehash,
  useTestHashCost,
  verifyPassword,
} from './password';

/*
 * Issue 13, holes 5 and 7: scrypt at OWASP's current cost (N=2^17, r=8, p=1), older hashes made
 * again at the next sign-in, and a bounded hash queue that answers 429 when full. The other test
 * files hash with a cheaper cost (server/test/setup-file.ts); this one runs with the real default,
 * about a second a hash on an idle 2-core box and much more on a busy one: generous time limits.
 */

let t: TestApp;
beforeAll(async () => {
  useTestHashCost(null);
  t = await createTestApp();
});
afterAll(() => t?.close());

const hashOf = async (email: string) =>
  (
    await t.db
      .select({ hash: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(and(eq(users.email, email), eq(accounts.providerId, 'credential')))
  )[0]!.hash!;

/** A hash as the app made them before issue 13: N=2^14, r=16, p=1. */
function legacyHash(password: string) {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, {
    N: 16384,
    r: 16,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
  return ['scrypt', 16384, 16, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe("OWASP's scrypt cost, and rehashing at sign-in", () => {
  it('hashes new passwords with N=2^17, r=8, p=1 by default', async () => {
    expect(OWASP_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    const hash = await hashPassword('purple-otter-42');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword({ hash, password: 'purple-otter-42' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'purple-otter-43' })).toBe(false);
    expect(needsRehash(hash)).toBe(false);

    const person = newPerson();
    await signUpAndVerify(t, t.agent(), person);
    expect(await hashOf(person.email)).toMatch(/^scrypt\$131072\$8\$1\$/);
  }, 120_000);

  it('rehashes a hash with older parameters at the next successful sign-in, and only then', async () => {
    const { person, viewer } = await signUpAndVerify(t, t.agent());
    const old = legacyHash(person.password);
    expect(needsRehash(old)).toBe(true);
    await t.db
      .update(accounts)
      .set({ password: old })
      .where(and(eq(accounts.userId, viewer.id), eq(accounts.providerId, 'credential')));

    // A wrong password changes nothing.
    const wrong = await t
      .agent()
      .post('/api/auth/sign-in/email', { email: person.email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(await hashOf(person.email)).toBe(old);

    const signIn = await t.agent().post('/api/auth/sign-in/email', person);
    expect(signIn.status).toBe(200);
    const fresh = await hashOf(person.email);
    expect(fresh).not.toBe(old);
    expect(fresh).toMatch(/^scrypt\$131072\$8\$1\$/);
    // The same password still works, against the new hash.
    expect((await t.agent().post('/api/auth/sign-in/email', person)).status).toBe(200);
    expect(await hashOf(person.email)).toBe(fresh);
  }, 120_000);
});

describe('a bounded hash queue', () => {
  it('answers 429 when full, to direct calls, to sign-in and to account deletion, and recovers', async () => {
    const agent = t.agent();
    const { person } = await signUpAndVerify(t, agent);
    // Fill every running slot and every waiting place with slow (OWASP-cost) hashes.
    const filling = Array.from({ length: HASH_CONCURRENCY + HASH_MAX_WAITING }, (_, i) =>
      hashPassword(`filler-${i}`),
    );
    expect(hashQueueStats()).toMatchObject({ running: HASH_CONCURRENCY, waiting: HASH_MAX_WAITING });

    await expect(hashPassword('one-too-many')).rejects.toBeInstanceOf(HashQueueFull);

    const signIn = await t.agent().post('/api/auth/sign-in/email', person);
    expect(signIn.status).toBe(429);
    expect(signIn.body).toEqual({ error: { code: 'RATE_LIMITED', message: MSG_AUTH_SAFETY.serverBusy } });
    expect(Number(signIn.headers.get('retry-after'))).toBeGreaterThan(0);

    const deletion = await agent.post('/api/account/delete', { password: person.password });
    expect(deletion.status).toBe(429);
    expect(deletion.body.error.code).toBe('RATE_LIMITED');
    expect(Number(deletion.headers.get('retry-after'))).toBeGreaterThan(0);

    await Promise.all(filling);
    expect(hashQueueStats()).toMatchObject({ running: 0, waiting: 0 });
    expect((await t.agent().post('/api/auth/sign-in/email', person)).status).toBe(200);
    expect((await agent.get('/api/me')).body.viewer).not.toBeNull();
  }, 120_000);
});
