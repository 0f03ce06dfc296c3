import { MSG, MSG_AUTH_SAFETY } from '@common/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashQueueStats } from '../../platform/password';
import { createTestApp, newPerson, signUpAndVerify, type TestApp } from '../../test/harness';
import { ADDRESS_BACKOFF, SIGN_IN_FAILURES } from './auth.guards';

/*
 * Issue 13, hole 7: better-auth limits sign-ins per client address only, so guesses spread over
 * many addresses met no limit. Failed sign-ins now count per account too, in the database.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Fixed windows: start away from a window's edge, so the attempts below share one window. */
async function awayFromWindowEdge(windowSec: number) {
  const left = windowSec - ((Date.now() / 1000) % windowSec);
  if (left < 30) await new Promise((r) => setTimeout(r, (left + 1) * 1000));
}

let n = 0;
/** A new client address each call, as a botnet (or a proxy pool) would send them. */
const freshIp = () => `198.18.${Math.floor(++n / 250)}.${(n % 250) + 1}`;

describe('failed sign-ins are limited per account, across addresses', () => {
  it('after 10 failures from 10 addresses, the account answers 429 without hashing, even the right password', async () => {
    await awayFromWindowEdge(SIGN_IN_FAILURES.windowSec);
    const { person } = await signUpAndVerify(t, t.agent());
    for (let i = 0; i < SIGN_IN_FAILURES.max; i++) {
      const res = await t
        .agent(freshIp())
        .post('/api/auth/sign-in/email', { email: person.email, password: `guess-${i}-x` });
      expect(res.status, `guess ${i}`).toBe(401);
      expect(res.body.error.message).toBe(MSG.invalidCredentials);
    }
    const hashesBefore = hashQueueStats().derived;
    // Any case or spacing of the address is the same account.
    const locked = await t.agent(freshIp()).post('/api/auth/sign-in/email', {
      email: ` ${person.email.toUpperCase()}`,
      password: person.password,
    });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      error: { code: 'RATE_LIMITED', message: MSG_AUTH_SAFETY.accountThrottled },
    });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Sliding windows: the failures keep weighing a while after their window ends.
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(2 * SIGN_IN_FAILURES.windowSec);
    expect(hashQueueStats().derived).toBe(hashesBefore);

    // Kept in the database: a restarted app (or another instance) refuses as well.
    await t.restart();
    const afterRestart = await t
      .agent(freshIp())
      .post('/api/auth/sign-in/email', { email: person.email, password: person.password });
    expect(afterRestart.status).toBe(429);

    // Another account is not affected.
    const { person: other } = await signUpAndVerify(t, t.agent());
    expect((await t.agent(freshIp()).post('/api/auth/sign-in/email', other)).status).toBe(200);
  }, 90_000);

  it('counts failures only: many successful sign-ins never lock the account', async () => {
    const { person } = await signUpAndVerify(t, t.agent());
    for (let i = 0; i < SIGN_IN_FAILURES.max + 2; i++) {
      const res = await t.agent(freshIp()).post('/api/auth/sign-in/email', person);
      expect(res.status, `sign-in ${i}`).toBe(200);
    }
  });

  it('counts an unknown address the same, so the limit tells nothing about which accounts exist', async () => {
    await awayFromWindowEdge(SIGN_IN_FAILURES.windowSec);
    const ghost = newPerson().email;
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_FAILURES.max; i++)
      statuses.push(
        (await t.agent(freshIp()).post('/api/auth/sign-in/email', { email: ghost, password: `guess-${i}-x` }))
          .status,
      );
    expect(statuses).toEqual([...Array<number>(SIGN_IN_FAILURES.max).fill(401), 429]);
  }, 90_000);
});

/*
 * Issue 26: anyone could keep a member out of password sign-in by failing 10 times per 15 minutes,
 * and one address could guess across many accounts as fast as better-auth's limit allowed.
 */
describe('strangers failing cannot keep the owner out, and one address is slowed down', () => {
  it('after 10 failures from strangers, the owner still signs in from an address they used before', async () => {
    await awayFromWindowEdge(SIGN_IN_FAILURES.windowSec);
    const home = freshIp();
    const { person } = await signUpAndVerify(t, t.agent(home));
    // The owner signed in from home once (a session names the address).
    expect((await t.agent(home).post('/api/auth/sign-in/email', person)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_FAILURES.max; i++)
      expect(
        (
          await t
            .agent(freshIp())
            .post('/api/auth/sign-in/email', { email: person.email, password: `no-${i}-x` })
        ).status,
      ).toBe(401);
    // Strangers are refused, even with the right password ...
    expect((await t.agent(freshIp()).post('/api/auth/sign-in/email', person)).status).toBe(429);
    // ... the owner at home is not.
    expect((await t.agent(home).post('/api/auth/sign-in/email', person)).status).toBe(200);
  }, 90_000);

  it('an address failing across accounts waits longer after each failure past the first few', async () => {
    const ip = freshIp();
    const attacker = t.agent(ip);
    const guess = () =>
      attacker.post('/api/auth/sign-in/email', { email: newPerson().email, password: 'guess-it-x' });
    for (let i = 0; i < ADDRESS_BACKOFF.free; i++) expect((await guess()).status).toBe(401);
    const first = await guess();
    expect(first.status).toBe(429);
    expect(first.body.error).toEqual({ code: 'RATE_LIMITED', message: MSG_AUTH_SAFETY.addressThrottled });
    const wait1 = Number(first.headers.get('retry-after'));
    expect(wait1).toBeGreaterThanOrEqual(1);
    expect(wait1).toBeLessThanOrEqual(2);
    await new Promise((r) => setTimeout(r, wait1 * 1000 + 200));
    expect((await guess()).status).toBe(401);
    // The next wait is twice as long.
    const second = await guess();
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBe(2);
    // Another address is not slowed.
    expect(
      (
        await t
          .agent(freshIp())
          .post('/api/auth/sign-in/email', { email: newPerson().email, password: 'guess-it-x' })
      ).status,
    ).toBe(401);
  }, 60_000);
});
