import { MSG, MSG_CHECK_INBOX } from '@common/core/texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';
import { createTestApp, newPerson, signUpAndVerify, type TestApp } from '../../test/harness';

/* issue 21: the check-your-inbox screen's Resend (rate-limited) and its "Change the address". */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const confirmMails = (email: string) =>
  t.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && /confirm/i.test(m.subject));

describe('resend the confirmation link', () => {
  it('sends a new link, and refuses past three per address in ten minutes, from any client address', async () => {
    const person = newPerson();
    await t.agent().post('/api/auth/sign-up/email', person);
    await t.smtp.waitFor((m) => m.to.includes(person.email) && /confirm/i.test(m.subject));
    for (let i = 0; i < 3; i++) {
      // A new client address each time: better-auth's own limit (per address) does not apply.
      const res = await t.agent().post('/api/auth/send-verification-email', { email: person.email });
      expect(res.status).toBe(200);
    }
    const refused = await t.agent().post('/api/auth/send-verification-email', { email: person.email });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'RATE_LIMITED',
      message: MSG_CHECK_INBOX.resendLimited,
    });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    await new Promise((r) => setTimeout(r, 300));
    expect(confirmMails(person.email)).toHaveLength(4);
  });
});

describe('change a mistyped address', () => {
  it('moves the unconfirmed account to the corrected address; the old link no longer works', async () => {
    const person = newPerson();
    const agent = t.agent();
    await agent.post('/api/auth/sign-up/email', person);
    const oldMail = await t.smtp.waitFor((m) => m.to.includes(person.email) && /confirm/i.test(m.subject));
    const fixed = `fixed.${person.email}`;
    const res = await agent.post('/api/signup/correct-email', {
      email: person.email,
      password: person.password,
      newEmail: fixed.toUpperCase(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: fixed });
    const [profile] = await t.db
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.username, person.username));
    expect(profile!.email).toBe(fixed);

    const oldLink = oldMail.links.find((l) => l.includes('/verify-email'))!;
    const stale = await t.agent().get(oldLink);
    expect(stale.headers.get('location')).toMatch(/error=/);

    const newMail = await t.smtp.waitFor((m) => m.to.includes(fixed) && /confirm/i.test(m.subject));
    const fresh = await agent.get(newMail.links.find((l) => l.includes('/verify-email'))!);
    expect(fresh.status).toBe(302);
    const me = await agent.get('/api/me');
    expect(me.body.viewer).toMatchObject({ email: fixed, emailVerified: true });
  });

  it('refuses a wrong password, an unknown address and a confirmed account, changing nothing', async () => {
    const person = newPerson();
    await t.agent().post('/api/auth/sign-up/email', person);
    const wrong = await t.agent().post('/api/signup/correct-email', {
      email: person.email,
      password: 'not-the-password',
      newEmail: `x.${person.email}`,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(MSG.invalidCredentials);
    const unknown = await t.agent().post('/api/signup/correct-email', {
      email: `nobody.${person.email}`,
      password: person.password,
      newEmail: `x.${person.email}`,
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);

    const { person: confirmed } = await signUpAndVerify(t, t.agent());
    const late = await t.agent().post('/api/signup/correct-email', {
      email: confirmed.email,
      password: confirmed.password,
      newEmail: `x.${confirmed.email}`,
    });
    expect(late.status).toBe(403);
    expect(late.body.error.message).toBe(MSG_CHECK_INBOX.cannotChange);
    const [row] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.email, confirmed.email.toLowerCase()));
    expect(row).toBeDefined();
  });

  it('refuses an address already in use, and bad input, with a clear message on the field', async () => {
    const person = newPerson();
    const other = newPerson();
    await t.agent().post('/api/auth/sign-up/email', person);
    await t.agent().post('/api/auth/sign-up/email', other);
    const taken = await t.agent().post('/api/signup/correct-email', {
      email: person.email,
      password: person.password,
      newEmail: other.email,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields).toEqual({ newEmail: MSG.emailTaken });
    const bad = await t.agent().post('/api/signup/correct-email', {
      email: person.email,
      password: person.password,
      newEmail: 'not-an-address',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ newEmail: MSG.emailInvalid });
    const [row] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.username, person.username.toLowerCase()));
    expect(row!.email).toBe(person.email.toLowerCase());
  });
});
