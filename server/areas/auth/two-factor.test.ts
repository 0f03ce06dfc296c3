import { SECURITY_MSG } from '@common/auth/security';
import { ADMIN_MSG } from '@common/admin/model';
import { MSG_AUTH_SAFETY } from '@common/core/texts';
import { SETTINGS_MSG } from '@common/profiles/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';
import { totp, wrongCode } from '../../test/totp';

/*
 * Two-step sign-in (issue 32): turning it on with a confirmed code, signing in with a code or a
 * single-use recovery code, wrong codes throttled like wrong passwords, turning it off with the
 * password and a code, and an admin removing it (audit-logged).
 */

let t: TestApp;
const ADMIN = 'tf-admin@example.com';

beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN], smtp: true });
});
afterAll(() => t?.close());

type Member = Awaited<ReturnType<typeof signedUpPerson>>;

/** Turns two-step sign-in on for `p` and answers the key and recovery codes. */
async function turnOn(p: Member) {
  const setup = await p.agent.post('/api/auth/two-factor/enable', { password: p.password });
  expect(setup.status, setup.text).toBe(200);
  const { secret, backupCodes, qrSvg } = setup.body as {
    secret: string;
    backupCodes: string[];
    qrSvg: string;
  };
  expect(qrSvg).toContain('<svg');
  expect(backupCodes).toHaveLength(10);
  const confirmed = await p.agent.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { secret, backupCodes };
}

/** Signs in with the password only: the second step is pending, nobody is signed in yet. */
async function firstStep(p: Member, agent = t.agent()) {
  const res = await agent.post('/api/auth/sign-in/email', { email: p.email, password: p.password });
  expect(res.status, res.text).toBe(200);
  expect(res.body).toMatchObject({ twoFactorRedirect: true });
  expect(res.body.token).toBeUndefined();
  expect((await agent.get('/api/me')).body.viewer).toBeNull();
  return agent;
}

describe('two-step sign-in', () => {
  it('turns on only with the password and a confirmed code; sign-in then asks for a code', async () => {
    const p = await signedUpPerson(t);
    const wrongPassword = await p.agent.post('/api/auth/two-factor/enable', { password: 'not-the-password' });
    expect(wrongPassword.status).toBe(400);

    const setup = await p.agent.post('/api/auth/two-factor/enable', { password: p.password });
    const { secret } = setup.body as { secret: string };
    // Not on until a code is confirmed.
    const bad = await p.agent.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(SECURITY_MSG.wrongCode);
    expect((await p.agent.get('/api/me')).body.viewer.id).toBe(p.id);
    const again = await t.agent().post('/api/auth/sign-in/email', { email: p.email, password: p.password });
    expect(again.body.twoFactorRedirect).toBeUndefined();

    expect((await p.agent.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);
    // The confirming browser stays signed in (on a new session).
    expect((await p.agent.get('/api/me')).body.viewer.id).toBe(p.id);

    const agent = await firstStep(p);
    const wrong = await agent.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) });
    expect(wrong.status).toBe(400);
    expect((await agent.get('/api/me')).body.viewer).toBeNull();
    const right = await agent.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(right.status, right.text).toBe(200);
    expect(right.body.token).toBeUndefined();
    expect((await agent.get('/api/me')).body.viewer.id).toBe(p.id);
  });

  it('a code without a pending sign-in signs nobody in', async () => {
    const p = await signedUpPerson(t);
    const { secret } = await turnOn(p);
    const stranger = t.agent();
    const res = await stranger.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(res.status).toBe(401);
    expect((await stranger.get('/api/me')).body.viewer).toBeNull();
  });

  it('a recovery code works once', async () => {
    const p = await signedUpPerson(t);
    const { backupCodes } = await turnOn(p);
    const first = await firstStep(p);
    const used = await first.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] });
    expect(used.status, used.text).toBe(200);
    expect((await first.get('/api/me')).body.viewer.id).toBe(p.id);

    const second = await firstStep(p);
    const reused = await second.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] });
    expect(reused.status).toBe(400);
    expect(reused.body.error.message).toBe(SECURITY_MSG.wrongRecoveryCode);
    expect((await second.get('/api/me')).body.viewer).toBeNull();
    const other = await second.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] });
    expect(other.status, other.text).toBe(200);
  });

  it('wrong codes are throttled per account, even from new addresses and with the right code after', async () => {
    const p = await signedUpPerson(t);
    const { secret } = await turnOn(p);
    // Two addresses, five wrong codes each (a sign-in in progress ends after five).
    for (let round = 0; round < 2; round++) {
      const agent = await firstStep(p);
      for (let i = 0; i < 5; i++) {
        const res = await agent.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) });
        expect(res.status, res.text).toBe(400);
      }
    }
    const third = await firstStep(p);
    const refused = await third.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(SECURITY_MSG.codesThrottled);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await third.get('/api/me')).body.viewer).toBeNull();
    // Recovery codes are held back too.
    const recovery = await third.post('/api/auth/two-factor/verify-backup-code', { code: 'AAAAA-BBBBB' });
    expect(recovery.status).toBe(429);
  });

  it('an address that keeps sending wrong codes waits, whatever the account (passwords too)', async () => {
    const a = await signedUpPerson(t);
    const b = await signedUpPerson(t);
    const ka = await turnOn(a);
    const agent = await firstStep(a, new Agent(() => t.app));
    for (let i = 0; i < 5; i++)
      await agent.post('/api/auth/two-factor/verify-totp', { code: wrongCode(ka.secret) });
    const next = new Agent(() => t.app, agent.ip);
    const res = await next.post('/api/auth/sign-in/email', { email: b.email, password: b.password });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe(MSG_AUTH_SAFETY.addressThrottled);
    // Another address is not held back.
    expect(
      (await t.agent().post('/api/auth/sign-in/email', { email: b.email, password: b.password })).status,
    ).toBe(200);
  });

  it('turning it off needs the password and a code', async () => {
    const p = await signedUpPerson(t);
    const { secret } = await turnOn(p);
    const noCode = await p.agent.post('/api/auth/two-factor/disable', { password: p.password });
    expect(noCode.status).toBe(400);
    const badCode = await p.agent.post('/api/auth/two-factor/disable', {
      password: p.password,
      code: wrongCode(secret),
    });
    expect(badCode.status).toBe(400);
    expect(badCode.body.error.message).toBe(SECURITY_MSG.wrongCode);
    const badPassword = await p.agent.post('/api/auth/two-factor/disable', {
      password: 'not-the-password',
      code: totp(secret),
    });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.error.message).toBe(SETTINGS_MSG.currentPasswordWrong);
    // A visitor cannot turn anyone's off.
    expect(
      (await t.agent().post('/api/auth/two-factor/disable', { password: p.password, code: totp(secret) }))
        .status,
    ).toBe(401);
    const off = await p.agent.post('/api/auth/two-factor/disable', {
      password: p.password,
      code: totp(secret),
    });
    expect(off.status, off.text).toBe(200);
    const signIn = await t.agent().post('/api/auth/sign-in/email', { email: p.email, password: p.password });
    expect(signIn.status).toBe(200);
    expect(signIn.body.twoFactorRedirect).toBeUndefined();
  });

  it('an admin removes it from an account (audit-logged); a member cannot', async () => {
    const admin = await signedUpPerson(t, { email: ADMIN });
    const p = await signedUpPerson(t);
    const other = await signedUpPerson(t);
    await turnOn(p);
    const path = `/api/admin/users/${p.id}/two-factor/remove`;
    expect((await other.agent.post(path)).status).toBe(403);
    expect((await t.agent().post(path)).status).toBe(401);
    expect((await firstStep(p)).cookies.size).toBeGreaterThan(0);

    const res = await admin.agent.post(path);
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.twoFactorEnabled).toBe(false);
    const signIn = await t.agent().post('/api/auth/sign-in/email', { email: p.email, password: p.password });
    expect(signIn.body.twoFactorRedirect).toBeUndefined();
    const { rows } = await t.db.execute<{ action: string; admin_id: string }>(
      sql`select action, admin_id::text from admin_actions where target_id = ${p.id}`,
    );
    expect(rows).toEqual([{ action: 'user.remove-two-factor', admin_id: admin.id }]);
    const audit = await admin.agent.get('/api/admin/audit');
    expect(JSON.stringify(audit.body)).toContain('user.remove-two-factor');
  });
});

describe('the setting that requires super admins to use two-step sign-in', () => {
  let strict: TestApp;
  const BOSS = 'tf-boss@example.com';
  beforeAll(async () => {
    strict = await createTestApp({ adminEmails: [BOSS], requireAdminTwoFactor: true });
  });
  afterAll(() => strict?.close());

  it('keeps a super admin out of the admin area until it is on', async () => {
    const boss = await signedUpPerson(strict, { email: BOSS });
    const before = await boss.agent.get('/api/admin/stats');
    expect(before.status).toBe(403);
    expect(before.body.error.message).toBe(SECURITY_MSG.adminRequiresTwoFactor);
    expect((await boss.agent.get('/api/admin/reports')).status).toBe(403);

    const setup = await boss.agent.post('/api/auth/two-factor/enable', { password: boss.password });
    const confirmed = await boss.agent.post('/api/auth/two-factor/verify-totp', {
      code: totp(setup.body.secret as string),
    });
    expect(confirmed.status).toBe(200);
    expect((await boss.agent.get('/api/admin/stats')).status).toBe(200);
    // A member is still refused with the usual answer.
    const member = await signedUpPerson(strict);
    const refused = await member.agent.get('/api/admin/stats');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(ADMIN_MSG.noPermission);
  });
});
