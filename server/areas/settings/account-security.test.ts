import { SECURITY_MSG } from '@common/auth/security';
import { CLOSE } from '@common/core/realtime';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalAccessTokens } from '../../db/schema';
import { API_LIMITS } from '../../platform/api-limits';
import { Agent, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';
import { socketOf } from '../../test/realtime-kit';
import { totp } from '../../test/totp';

/*
 * "Where you are signed in" and personal access tokens (issue 32), each tried as the wrong person:
 * another member's sessions and tokens, a token where tokens may not go, a read token writing, an
 * expired or revoked token.
 */

let t: TestApp;
let url: string;
const ADMIN = 'pat-admin@example.com';
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN] });
  url = await t.listen();
});
afterAll(() => t?.close());

type Member = Awaited<ReturnType<typeof signedUpPerson>>;

/** `p` signed in once more, in another browser (a phone). */
async function anotherBrowser(
  p: Member,
  userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
) {
  const agent = t.agent();
  const res = await agent.post(
    '/api/auth/sign-in/email',
    { email: p.email, password: p.password },
    { 'user-agent': userAgent },
  );
  expect(res.status, res.text).toBe(200);
  return agent;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A request carrying only a token: no cookie, no Origin (a script). */
const script = () => new Agent(() => t.app);

async function newToken(p: Member, scope: 'read' | 'write' = 'read', name = 'script') {
  const res = await p.agent.post('/api/account/tokens', { name, scope, expiresInDays: 30 });
  expect(res.status, res.text).toBe(201);
  return res.body as { token: string; accessToken: { id: string } };
}

describe('where you are signed in', () => {
  it('lists the sessions with device and browser, this one first, and nobody else sees them', async () => {
    const p = await signedUpPerson(t);
    await anotherBrowser(p);
    const res = await p.agent.get('/api/account/sessions');
    expect(res.status).toBe(200);
    const list = res.body.sessions as { current: boolean; device: string; browser: string; place: null }[];
    expect(list).toHaveLength(2);
    expect(list[0]!.current).toBe(true);
    expect(list[1]).toMatchObject({ current: false, device: 'iPhone', browser: 'Safari 18', place: null });

    const other = await signedUpPerson(t);
    const theirs = await other.agent.get('/api/account/sessions');
    expect(theirs.body.sessions).toHaveLength(1);
    expect((await t.agent().get('/api/account/sessions')).status).toBe(401);
  });

  it("ends one session (and its live socket within 5 s); another member's is a 404", async () => {
    const p = await signedUpPerson(t);
    const phone = await anotherBrowser(p);
    const socket = await socketOf(url, { ...p, agent: phone });
    const { sessions } = (await p.agent.get('/api/account/sessions')).body as {
      sessions: { id: string; current: boolean }[];
    };
    const phoneSession = sessions.find((s) => !s.current)!;

    const other = await signedUpPerson(t);
    const stranger = await other.agent.post(`/api/account/sessions/${phoneSession.id}/end`);
    expect(stranger.status).toBe(404);
    expect((await phone.get('/api/me')).body.viewer.id).toBe(p.id);
    expect((await t.agent().post(`/api/account/sessions/${phoneSession.id}/end`)).status).toBe(401);

    const since = Date.now();
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    const res = await p.agent.post(`/api/account/sessions/${phoneSession.id}/end`);
    expect(res.status, res.text).toBe(200);
    expect((await phone.get('/api/me')).body.viewer).toBeNull();
    expect((await p.agent.get('/api/me')).body.viewer.id).toBe(p.id);
    expect(await closed).toBe(CLOSE.sessionEnded);
    expect(Date.now() - since).toBeLessThan(5000);
    // Already ended.
    expect((await p.agent.post(`/api/account/sessions/${phoneSession.id}/end`)).status).toBe(404);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const p = await signedUpPerson(t);
    const a = await anotherBrowser(p);
    const b = await anotherBrowser(p);
    const other = await signedUpPerson(t);
    const res = await p.agent.post('/api/account/sessions/end-others');
    expect(res.status).toBe(200);
    expect(res.body.ended).toBe(2);
    expect((await a.get('/api/me')).body.viewer).toBeNull();
    expect((await b.get('/api/me')).body.viewer).toBeNull();
    expect((await p.agent.get('/api/me')).body.viewer.id).toBe(p.id);
    // Someone else's sessions are untouched.
    expect((await other.agent.get('/api/me')).body.viewer.id).toBe(other.id);
  });

  it('lists the sessions of a member with two-step sign-in (signed in with a code)', async () => {
    const p = await signedUpPerson(t);
    const setup = await p.agent.post('/api/auth/two-factor/enable', { password: p.password });
    await p.agent.post('/api/auth/two-factor/verify-totp', { code: totp(setup.body.secret as string) });
    const agent = t.agent();
    await agent.post('/api/auth/sign-in/email', { email: p.email, password: p.password });
    expect(
      (await agent.post('/api/auth/two-factor/verify-totp', { code: totp(setup.body.secret as string) }))
        .status,
    ).toBe(200);
    const res = await agent.get('/api/account/sessions');
    expect(res.body.sessions).toHaveLength(2);
    expect(res.body.sessions[0].current).toBe(true);
  });
});

describe('personal access tokens', () => {
  it('is shown once, stored hashed, and stands for its owner', async () => {
    const p = await signedUpPerson(t);
    const { token, accessToken } = await newToken(p);
    expect(token).toMatch(/^cfpat_[A-Za-z0-9_-]{43}$/);
    const list = await p.agent.get('/api/account/tokens');
    expect(list.body.tokens).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(token);
    const [row] = await t.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, accessToken.id));
    expect(JSON.stringify(row)).not.toContain(token.slice(6));

    const me = await script().get('/api/me', bearer(token));
    expect(me.status).toBe(200);
    expect(me.body.viewer.id).toBe(p.id);
    // A token in someone else's browser stands for the token's owner, not the cookie's.
    const other = await signedUpPerson(t);
    expect((await other.agent.get('/api/me', bearer(token))).body.viewer.id).toBe(p.id);
  });

  it('never reaches account settings, the tokens, the sessions, two-step sign-in, passkeys or the admin area', async () => {
    const admin = await signedUpPerson(t, { email: ADMIN });
    const { token } = await newToken(admin, 'write');
    const refused: [string, string][] = [
      ['GET', '/api/settings'],
      ['PATCH', '/api/settings'],
      ['GET', '/api/account/tokens'],
      ['POST', '/api/account/tokens'],
      ['GET', '/api/account/sessions'],
      ['POST', '/api/account/sessions/end-others'],
      ['POST', '/api/account/delete'],
      ['POST', '/api/auth/two-factor/enable'],
      ['POST', '/api/auth/two-factor/disable'],
      ['POST', '/api/auth/change-password'],
      ['GET', '/api/auth/passkey/list-user-passkeys'],
      ['GET', '/api/auth/passkey/generate-register-options'],
      ['POST', '/api/auth/passkey/delete-passkey'],
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/reports'],
    ];
    for (const [method, path] of refused) {
      const res = await script().request(
        method,
        path,
        method === 'GET' ? undefined : { password: admin.password },
        bearer(token),
      );
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.message).toBe(SECURITY_MSG.tokenRefused);
    }
    // The same admin with their cookie still reaches it.
    expect((await admin.agent.get('/api/admin/stats')).status).toBe(200);
  });

  it('a read token cannot write; a write token can', async () => {
    const p = await signedUpPerson(t);
    const read = await newToken(p, 'read');
    const write = await newToken(p, 'write');
    const article = {
      title: 'Written by a script',
      content: 'Hello from the API.',
      category: 'business',
      status: 'draft',
    };
    const refused = await script().post('/api/articles', article, bearer(read.token));
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(SECURITY_MSG.tokenReadOnly);
    const made = await script().post('/api/articles', article, bearer(write.token));
    expect(made.status, made.text).toBe(201);
  });

  it('an expired, revoked, unknown or malformed token is a 401, never a visitor', async () => {
    const p = await signedUpPerson(t);
    const expired = await newToken(p);
    await t.db
      .update(personalAccessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(personalAccessTokens.id, expired.accessToken.id));
    const revoked = await newToken(p);
    expect((await script().get('/api/me', bearer(revoked.token))).status).toBe(200);
    expect((await p.agent.request('DELETE', `/api/account/tokens/${revoked.accessToken.id}`)).status).toBe(
      200,
    );
    for (const token of [expired.token, revoked.token, 'cfpat_not-a-real-token', 'abc', '']) {
      const res = await script().get('/api/me', { authorization: `Bearer ${token}` });
      expect(res.status, token).toBe(401);
      expect(res.body.error.message).toBe(SECURITY_MSG.tokenInvalid);
    }
  });

  it("another member cannot see or revoke someone's token", async () => {
    const p = await signedUpPerson(t);
    const other = await signedUpPerson(t);
    const { token, accessToken } = await newToken(p);
    expect((await other.agent.get('/api/account/tokens')).body.tokens).toEqual([]);
    const res = await other.agent.request('DELETE', `/api/account/tokens/${accessToken.id}`);
    expect(res.status).toBe(404);
    expect((await t.agent().request('DELETE', `/api/account/tokens/${accessToken.id}`)).status).toBe(401);
    expect((await script().get('/api/me', bearer(token))).status).toBe(200);
  });

  it("counts against its owner's per-person limits, like a session", async () => {
    const p = await signedUpPerson(t);
    const { token } = await newToken(p);
    const hits = async () => {
      await t.booted.meter.sync();
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select coalesce(sum(hits), 0)::int as n from usage_tally where key = ${`${API_LIMITS.reads.name}:${p.id}`}`,
      );
      return Number(rows[0]!.n);
    };
    const before = await hits();
    for (let i = 0; i < 3; i++) expect((await script().get('/api/me', bearer(token))).status).toBe(200);
    expect(await hits()).toBe(before + 3);
  });

  it('validates name, scope and lifetime', async () => {
    const p = await signedUpPerson(t);
    for (const body of [
      { name: '', scope: 'read', expiresInDays: 30 },
      { name: 'x', scope: 'admin', expiresInDays: 30 },
      { name: 'x', scope: 'read', expiresInDays: 10_000 },
    ])
      expect((await p.agent.post('/api/account/tokens', body)).status).toBe(400);
  });
});

describe('deleting the account', () => {
  it('removes its tokens, passkeys and two-step secret', async () => {
    const p = await signedUpPerson(t);
    const { token } = await newToken(p, 'write');
    const setup = await p.agent.post('/api/auth/two-factor/enable', { password: p.password });
    await p.agent.post('/api/auth/two-factor/verify-totp', { code: totp(setup.body.secret as string) });
    expect((await p.agent.post('/api/account/delete', { password: p.password })).status).toBe(200);
    expect((await script().get('/api/me', bearer(token))).status).toBe(401);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select (select count(*) from personal_access_tokens where user_id = ${p.id})
           + (select count(*) from two_factors where user_id = ${p.id})
           + (select count(*) from passkeys where user_id = ${p.id}) as n`);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
