import { MSG } from '@common/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedUpPerson, type TestApp } from '../../test/harness';
import { USERNAME_CHECK } from './auth.routes';

/* The sign-up form's username check (GET /api/signup/username) as a visitor calls it. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: true });
});
afterAll(async () => {
  await t?.close();
});

const check = (agent: ReturnType<TestApp['agent']>, username: string) =>
  agent.get<{ available: boolean; message: string }>(
    `/api/signup/username?${new URLSearchParams({ username })}`,
  );

describe('username check', () => {
  it('says whether a username is free, taken (in any case), or breaks the rule, and says which', async () => {
    const taken = await signedUpPerson(t);
    const visitor = t.agent();
    expect((await check(visitor, `Free_${Date.now()}`)).body).toEqual({
      available: true,
      message: MSG.usernameAvailable,
    });
    expect((await check(visitor, taken.username.toUpperCase())).body).toEqual({
      available: false,
      message: MSG.usernameTaken,
    });
    expect((await check(visitor, 'ab')).body).toEqual({ available: false, message: MSG.usernameLength });
    expect((await check(visitor, 'has space')).body).toEqual({
      available: false,
      message: MSG.usernameInvalid,
    });
  });

  it('never answers about email addresses', async () => {
    const person = await signedUpPerson(t);
    const visitor = t.agent();
    // An address, registered or not, is not a username: the same refusal either way.
    const known = await check(visitor, person.email);
    const unknown = await check(visitor, `x${person.email.slice(1)}`);
    expect(known.body.available).toBe(false);
    expect([MSG.usernameInvalid, MSG.usernameLength]).toContain(known.body.message);
    expect(unknown.body).toEqual(known.body);
  });

  it('is limited per address', async () => {
    const visitor = t.agent();
    let status = 200;
    for (let i = 0; i <= USERNAME_CHECK.max && status === 200; i++)
      status = (await check(visitor, `walker_${i}`)).status;
    expect(status).toBe(429);
    // Another address is not.
    expect((await check(t.agent(), 'walker_other')).status).toBe(200);
  });
});
