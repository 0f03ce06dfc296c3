import type { ServerEvent } from '@common/core/realtime';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalBus } from '../../platform/bus';
import { createLogger } from '../../lib/logger';
import { createSessionCache } from '../../platform/session-cache';
import { createTestApp, signUpAndVerify, type Agent, type TestApp } from '../../test/harness';

/*
 * Issue 13, hole 7: every sign-out, reset or password change, even a failed or refused one,
 * emptied the session cache of every instance (sessions.revoked without names). A flood of such
 * requests made every instance look every session up in the database again. Now only a call that
 * succeeded ends sessions, and only the sessions of the person concerned are forgotten.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The sessions.revoked events published while `run` runs. */
async function revocationsDuring(run: () => Promise<unknown>) {
  const publish = vi.spyOn(t.booted.bus, 'publish');
  try {
    await run();
    await new Promise((r) => setTimeout(r, 20));
    return publish.mock.calls
      .flat()
      .map((envelope) => envelope.event)
      .filter((e): e is Extract<ServerEvent, { type: 'sessions.revoked' }> => e.type === 'sessions.revoked');
  } finally {
    publish.mockRestore();
  }
}

const whoIs = async (agent: Agent) => (await agent.get('/api/me')).body.viewer?.id ?? null;

afterEach(() => vi.restoreAllMocks());

describe('failed or refused calls flush nothing', () => {
  it('a cross-site sign-out, a sign-out without a session and a wrong current password publish no revocation', async () => {
    const agent = t.agent();
    await signUpAndVerify(t, agent);
    const events = await revocationsDuring(async () => {
      expect((await agent.post('/api/auth/sign-out', {}, { origin: 'https://evil.example' })).status).toBe(
        403,
      );
      expect((await t.agent().post('/api/auth/sign-out')).status).toBe(200);
      const wrong = await agent.post('/api/auth/change-password', {
        currentPassword: 'not-the-password',
        newPassword: 'another-horse-7',
      });
      expect(wrong.status).toBe(400);
      const forged = await t
        .agent()
        .post('/api/auth/reset-password', { token: 'forged-token', newPassword: 'another-horse-7' });
      expect(forged.status).toBe(400);
      // Rate-limited resets (10 per 10 minutes per address): the 11th is refused before it runs.
      const flooder = t.agent('203.0.113.77');
      const codes: number[] = [];
      for (let i = 0; i < 11; i++)
        codes.push(
          (await flooder.post('/api/auth/reset-password', { token: `t${i}`, newPassword: 'another-horse-7' }))
            .status,
        );
      expect(codes.at(-1)).toBe(429);
    });
    expect(events).toEqual([]);
    expect(await whoIs(agent)).not.toBeNull();
  });

  it("a successful sign-out forgets that person's cached sessions only", async () => {
    const leaving = t.agent();
    const staying = t.agent();
    const { viewer: left } = await signUpAndVerify(t, leaving);
    const { viewer: stays } = await signUpAndVerify(t, staying);
    expect(await whoIs(staying)).toBe(stays.id);
    expect(await whoIs(leaving)).toBe(left.id);
    const leavingKey = leaving.cookies.get('cofound.session_token')!;
    const events = await revocationsDuring(async () => {
      expect((await leaving.post('/api/auth/sign-out')).status).toBe(200);
    });
    expect(events).toEqual([{ type: 'sessions.revoked', userIds: [left.id] }]);
    // The other person's session is still cached (no database lookup for them); the leaver's is gone.
    expect(t.booted.sessions.get(staying.cookies.get('cofound.session_token')!)?.id).toBe(stays.id);
    expect(t.booted.sessions.get(leavingKey)).toBeUndefined();
    expect(await whoIs(staying)).toBe(stays.id);
  });

  it('a successful password change and reset name their person; an account deletion too', async () => {
    const agent = t.agent();
    const { viewer, person } = await signUpAndVerify(t, agent);
    const changed = await revocationsDuring(async () => {
      const res = await agent.post('/api/auth/change-password', {
        currentPassword: person.password,
        newPassword: 'another-horse-7',
      });
      expect(res.status).toBe(200);
    });
    expect(changed).toEqual([{ type: 'sessions.revoked', userIds: [viewer.id] }]);

    await t.agent().post('/api/auth/request-password-reset', { email: person.email });
    const mail = await t.smtp.waitFor((m) => m.to.includes(person.email) && /reset/i.test(m.subject));
    const token = mail.links
      .find((l) => l.includes('/reset-password/'))!
      .split('/')
      .at(-1)!
      .split('?')[0]!;
    const reset = await revocationsDuring(async () => {
      const res = await t
        .agent()
        .post('/api/auth/reset-password', { token, newPassword: 'yet-another-horse-8' });
      expect(res.status).toBe(200);
    });
    expect(reset).toEqual([{ type: 'sessions.revoked', userIds: [viewer.id] }]);

    const again = t.agent();
    expect(
      (await again.post('/api/auth/sign-in/email', { email: person.email, password: 'yet-another-horse-8' }))
        .status,
    ).toBe(200);
    const wrong = await revocationsDuring(async () => {
      expect((await again.post('/api/account/delete', { password: 'not-it' })).status).toBe(400);
    });
    expect(wrong).toEqual([]);
    const deleted = await revocationsDuring(async () => {
      expect((await again.post('/api/account/delete', { password: 'yet-another-horse-8' })).status).toBe(200);
    });
    expect(deleted).toEqual([{ type: 'sessions.revoked', userIds: [viewer.id] }]);
  });
});

describe('the session cache forgets only the people named', () => {
  it('drops the named people on every instance, and everyone when no one is named', async () => {
    const logger = createLogger('silent');
    const bus = createLocalBus(logger);
    const here = createSessionCache<{ id: string }>(bus);
    const until = Date.now() + 60_000;
    here.set('k1', { id: 'ada' }, until, here.epoch);
    here.set('k2', { id: 'ada' }, until, here.epoch);
    here.set('k3', { id: 'grace' }, until, here.epoch);
    here.revoke(['ada']);
    expect([here.get('k1'), here.get('k2'), here.get('k3')]).toEqual([undefined, undefined, { id: 'grace' }]);

    // Another instance's message (through the bus) names its people too.
    bus.publish({ event: { type: 'sessions.revoked', userIds: ['grace'] } });
    await new Promise((r) => setTimeout(r, 0));
    expect(here.get('k3')).toBeUndefined();

    here.set('k4', { id: 'linus' }, until, here.epoch);
    bus.publish({ event: { type: 'sessions.revoked' } });
    await new Promise((r) => setTimeout(r, 0));
    expect(here.get('k4')).toBeUndefined();
    here.close();
    await bus.close();
  });

  it('a gap in the bus forgets everyone; without a bus a session is kept 15 s, with one 5 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const bus = createLocalBus(createLogger('silent'));
      const here = createSessionCache<{ id: string }>(bus);
      const far = Date.now() + 3_600_000;
      here.set('k1', { id: 'ada' }, far, here.epoch);
      vi.setSystemTime(Date.now() + 4 * 60_000);
      expect(here.get('k1')).toEqual({ id: 'ada' });
      vi.setSystemTime(Date.now() + 61_000);
      expect(here.get('k1')).toBeUndefined();
      // Revocations may have been sent while the bus's connection was down: all are forgotten.
      here.set('k2', { id: 'grace' }, far, here.epoch);
      bus.publish({ event: { type: 'resync' } });
      await vi.waitFor(() => expect(here.get('k2')).toBeUndefined());
      here.close();
      await bus.close();

      const off = createLocalBus(createLogger('silent'), { off: true });
      const alone = createSessionCache<{ id: string }>(off);
      alone.set('k3', { id: 'linus' }, far, alone.epoch);
      vi.setSystemTime(Date.now() + 14_000);
      expect(alone.get('k3')).toEqual({ id: 'linus' });
      vi.setSystemTime(Date.now() + 2_000);
      expect(alone.get('k3')).toBeUndefined();
      alone.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep what a lookup found when sessions ended while it ran, here or through the bus', async () => {
    const bus = createLocalBus(createLogger('silent'));
    const here = createSessionCache<{ id: string }>(bus);
    const until = Date.now() + 60_000;
    // A lookup starts, ada signs out meanwhile, the lookup answers with her old session.
    let since = here.epoch;
    here.revoke(['ada']);
    here.set('k1', { id: 'ada' }, until, since);
    expect(here.get('k1')).toBeUndefined();
    // The same through another instance's message.
    since = here.epoch;
    bus.publish({ event: { type: 'sessions.revoked', userIds: ['grace'] } });
    await new Promise((r) => setTimeout(r, 0));
    here.set('k2', { id: 'grace' }, until, since);
    expect(here.get('k2')).toBeUndefined();
    // Revoking nobody ends nothing; a lookup begun after the last revocation is kept.
    since = here.epoch;
    here.revoke([]);
    here.set('k3', { id: 'linus' }, until, since);
    expect(here.get('k3')).toEqual({ id: 'linus' });
    here.close();
    await bus.close();
  });

  it('revoking nobody publishes nothing', () => {
    const bus = createLocalBus(createLogger('silent'));
    const publish = vi.spyOn(bus, 'publish');
    const cache = createSessionCache<{ id: string }>(bus);
    cache.revoke([]);
    expect(publish).not.toHaveBeenCalled();
    cache.close();
  });
});
