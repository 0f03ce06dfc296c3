import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, signUpAndVerify, type TestApp } from '../test/harness';

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
