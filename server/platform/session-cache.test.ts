import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/auth';
import { createLogger } from '../lib/logger';
import { Agent, BASE_URL, createTestApp, signUpAndVerify, type TestApp } from '../test/harness';
import { totp } from '../test/totp';
import { createAuth, createSessionReader } from './auth';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The same browser's cookies in a second agent: a copy of the session someone could replay. */
function copyOf(agent: Agent, app: () => { request: Agent['request'] } | TestApp['app'] = () => t.app) {
  const copy = new Agent(app as never, agent.ip);
  for (const [k, v] of agent.cookies) copy.cookies.set(k, v);
  return copy;
}

const whoIs = async (agent: Agent) => (await agent.get('/api/me')).body.viewer?.id ?? null;

describe('cached sessions end when sessions end', () => {
  it('a signed-out session is refused at once, even though it was just looked up', async () => {
    const agent = t.agent();
    const { viewer } = await signUpAndVerify(t, agent);
    const replay = copyOf(agent);
    expect(await whoIs(replay)).toBe(viewer.id);
    expect(await whoIs(replay)).toBe(viewer.id);
    expect((await agent.post('/api/auth/sign-out')).status).toBe(200);
    expect(await whoIs(replay)).toBeNull();
    expect((await replay.get('/api/feed/new?since=1')).status).toBe(401);
  });

  it('a deleted account and a changed password end the cached sessions too', async () => {
    const agent = t.agent();
    const { viewer, person } = await signUpAndVerify(t, agent);
    const other = t.agent();
    expect((await other.post('/api/auth/sign-in/email', person)).status).toBe(200);
    expect(await whoIs(other)).toBe(viewer.id);
    const res = await agent.post('/api/auth/change-password', {
      currentPassword: person.password,
      newPassword: 'another-horse-2',
    });
    expect(res.status, res.text).toBe(200);
    expect(await whoIs(other)).toBeNull();
    expect(await whoIs(agent)).toBe(viewer.id);

    const replay = copyOf(agent);
    expect(await whoIs(replay)).toBe(viewer.id);
    expect((await agent.post('/api/account/delete', { password: 'another-horse-2' })).status).toBe(200);
    expect(await whoIs(replay)).toBeNull();
  });
});

const pg = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(pg)('across app instances (needs TEST_DATABASE_URL)', () => {
  it('signing out through one instance ends the session another instance had cached', async () => {
    const second = await t.startInstance();
    const agent = t.agent();
    const { viewer } = await signUpAndVerify(t, agent);
    const onSecond = copyOf(agent, () => second.app);
    expect(await whoIs(onSecond)).toBe(viewer.id);
    expect((await agent.post('/api/auth/sign-out')).status).toBe(200);
    await expect.poll(() => whoIs(onSecond), { timeout: 3000 }).toBeNull();
  });
});

describe('the one-statement session lookup answers as better-auth does', () => {
  const cookieOf = (agent: Agent) => [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const reader = () => createSessionReader({ db: t.db, secret: SECRET, secureCookies: false });
  const SECRET = 'test-secret-test-secret-test-secret-0123456789';

  it('the same person, field for field, and null for no session or a forged signature', async () => {
    const agent = t.agent();
    const { viewer } = await signUpAndVerify(t, agent);
    const read = reader();
    const cookie = cookieOf(agent);
    const auth = createAuth({
      db: t.db,
      mailer: { send: async () => {} } as never,
      logger: createLogger('silent'),
      baseUrl: BASE_URL,
      secret: SECRET,
      adminEmails: [],
      trustedOrigins: [BASE_URL],
      mails: {} as never,
      onUserCreated: async () => {},
    });
    const theirs = await auth.api.getSession({ headers: new Headers({ cookie }) });
    const user = JSON.parse(JSON.stringify(theirs!.user)) as Record<string, unknown>;
    const session = theirs!.session;
    const ours = await read(cookie);
    expect(ours).not.toBe('ask');
    // Ours carries the profile's display fields besides (ViewerCard); the rest is better-auth's user.
    const { card, ...account } = ours && ours !== 'ask' ? ours.user : { card: undefined };
    expect(JSON.parse(JSON.stringify(account))).toEqual(user);
    const [profile] = (
      await t.db.execute(
        sql`select username, full_name as "fullName", avatar_url as "avatarUrl" from profiles where id = ${viewer.id}`,
      )
    ).rows;
    expect(card).toEqual(profile);
    expect(ours && ours !== 'ask' && ours.expiresAt).toBe(new Date(session.expiresAt).getTime());
    // The realtime handshake keeps the token to close the socket when this session ends.
    expect(ours && ours !== 'ask' && ours.token).toBe(session.token);
    expect((ours as { user: { id: string } }).user.id).toBe(viewer.id);

    expect(await read(undefined)).toBeNull();
    expect(await read('theme=dark')).toBeNull();
    // Another token with the first one's signature does not verify.
    const forged = cookie.replace(/session_token=[^.]+/, 'session_token=someone-elses-token');
    expect(forged).not.toBe(cookie);
    expect(await read(forged)).toBeNull();
  });

  it('leaves to better-auth what makes it write: an expired session, a renewal due, a second cookie', async () => {
    const agent = t.agent();
    const { viewer } = await signUpAndVerify(t, agent);
    const read = reader();
    const cookie = cookieOf(agent);
    expect(await read(`${cookie}; ${cookie}`)).toBe('ask');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(sessions.userId, viewer.id));
    expect(await read(cookie)).toBe('ask');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, viewer.id));
    expect(await read(cookie)).toBe('ask');
    await t.db.delete(sessions).where(eq(sessions.userId, viewer.id));
    expect(await read(cookie)).toBe('ask');
  });

  it('answers as better-auth for a member with two-step sign-in, signed in with a code', async () => {
    const first = t.agent();
    const { person, viewer } = await signUpAndVerify(t, first);
    const setup = await first.post('/api/auth/two-factor/enable', { password: person.password });
    const secret = setup.body.secret as string;
    expect((await first.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);
    const agent = t.agent();
    const step = await agent.post('/api/auth/sign-in/email', {
      email: person.email,
      password: person.password,
    });
    expect(step.body.twoFactorRedirect).toBe(true);
    // Half-way (password only): no session, for both.
    expect(await reader()(cookieOf(agent))).toBeNull();
    expect((await agent.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);
    const cookie = cookieOf(agent);
    const auth = createAuth({
      db: t.db,
      mailer: { send: async () => {} } as never,
      logger: createLogger('silent'),
      baseUrl: BASE_URL,
      secret: SECRET,
      adminEmails: [],
      trustedOrigins: [BASE_URL],
      mails: {} as never,
      onUserCreated: async () => {},
    });
    const theirs = await auth.api.getSession({ headers: new Headers({ cookie }) });
    const ours = await reader()(cookie);
    expect(ours).not.toBe('ask');
    const user = JSON.parse(JSON.stringify(theirs!.user)) as Record<string, unknown>;
    expect(user.twoFactorEnabled).toBe(true);
    const { card: _card, ...account } = ours && ours !== 'ask' ? ours.user : { card: undefined };
    expect(JSON.parse(JSON.stringify(account))).toEqual(user);
    expect((ours as { user: { id: string } }).user.id).toBe(viewer.id);
    expect(ours && ours !== 'ask' && ours.expiresAt).toBe(new Date(theirs!.session.expiresAt).getTime());
  });
});
