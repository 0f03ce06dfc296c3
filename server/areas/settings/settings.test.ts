import { randomUUID } from 'node:crypto';
import { MSG } from '@common/core/texts';
import { DEFAULT_SETTINGS, PROFILE_MSG, SETTINGS_MSG } from '@common/profiles/model';
import { eq, or } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, messages, sessions } from '../../db/schema';
import { type Agent, createTestApp, signedUpPerson, signUpAndVerify, type TestApp } from '../../test/harness';

let t: TestApp;
type Person = { agent: Agent; id: string; username: string; email: string; password: string };

const person = (): Promise<Person> => signedUpPerson(t);

async function signIn(email: string, password: string) {
  const agent = t.agent();
  const res = await agent.post('/api/auth/sign-in/email', { email, password });
  return { agent, res };
}

beforeAll(async () => {
  t = await createTestApp({ adminEmails: ['boss@example.com'] });
});
afterAll(() => t?.close());

describe('switches', () => {
  it('start on, save one at a time, and refuse visitors and nonsense', async () => {
    const p = await person();
    expect((await p.agent.get('/api/settings')).body).toEqual(DEFAULT_SETTINGS);
    const res = await p.agent.request('PATCH', '/api/settings', { pushNotifications: false });
    expect(res.body).toEqual({ ...DEFAULT_SETTINGS, pushNotifications: false });
    await p.agent.request('PATCH', '/api/settings', { dataCollection: false });
    expect((await p.agent.get('/api/settings')).body).toEqual({
      ...DEFAULT_SETTINGS,
      pushNotifications: false,
      dataCollection: false,
    });
    for (const body of [{}, { dataCollection: 'no' }, { admin: true }]) {
      expect((await p.agent.request('PATCH', '/api/settings', body)).status).toBe(400);
    }
    expect((await t.agent().get('/api/settings')).status).toBe(401);
    expect((await t.agent().request('PATCH', '/api/settings', { dataCollection: true })).status).toBe(401);
  });

  it('the new-message sound switch starts on and saves for its owner only', async () => {
    const p = await person();
    const other = await person();
    expect((await p.agent.get('/api/settings')).body.messageSound).toBe(true);
    const off = await p.agent.request('PATCH', '/api/settings', { messageSound: false });
    expect(off.status, off.text).toBe(200);
    expect((await p.agent.get('/api/settings')).body).toEqual({ ...DEFAULT_SETTINGS, messageSound: false });
    // Someone else's switches are their own; a visitor has none.
    expect((await other.agent.get('/api/settings')).body.messageSound).toBe(true);
    expect((await t.agent().request('PATCH', '/api/settings', { messageSound: true })).status).toBe(401);
    expect((await p.agent.request('PATCH', '/api/settings', { messageSound: 'loud' })).status).toBe(400);
  });

  it('the email switch stops notification mail', async () => {
    const [quiet, late, loud, sender] = [await person(), await person(), await person(), await person()];
    await quiet.agent.request('PATCH', '/api/settings', { emailNotifications: false });
    await sender.agent.post(`/api/connections/${quiet.id}/request`);
    await sender.agent.post(`/api/connections/${late.id}/request`);
    await sender.agent.post(`/api/connections/${loud.id}/request`);
    // Turned off while a mail was already waiting: that mail is not sent either.
    await late.agent.request('PATCH', '/api/settings', { emailNotifications: false });
    await t.booted.notificationMail.flush();
    const aboutRequest = (m: { text: string }) => m.text.includes('sent you a friend request');
    await t.smtp.waitFor((m) => m.to.includes(loud.email.toLowerCase()) && aboutRequest(m));
    for (const p of [quiet, late])
      expect(t.smtp.mails.some((m) => m.to.includes(p.email.toLowerCase()) && aboutRequest(m))).toBe(false);
  });
});

describe('change password', () => {
  it('checks the current password and the minimum, then ends every other session', async () => {
    const p = await person();
    const other = await signIn(p.email, p.password);
    expect(other.res.status).toBe(200);

    const wrong = await p.agent.post('/api/auth/change-password', {
      currentPassword: 'not-my-password',
      newPassword: 'new-password-1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      message: SETTINGS_MSG.currentPasswordWrong,
      fields: { currentPassword: SETTINGS_MSG.currentPasswordWrong },
    });
    const short = await p.agent.post('/api/auth/change-password', {
      currentPassword: p.password,
      newPassword: '12345',
    });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe(MSG.passwordTooShort);
    expect((await other.agent.get('/api/me')).body.viewer?.id).toBe(p.id);

    const ok = await p.agent.post('/api/auth/change-password', {
      currentPassword: p.password,
      newPassword: 'new-password-1',
    });
    expect(ok.status).toBe(200);
    expect(ok.text).not.toContain('token');
    expect((await p.agent.get('/api/me')).body.viewer?.id).toBe(p.id);
    expect((await other.agent.get('/api/me')).body.viewer).toBeNull();
    expect((await signIn(p.email, p.password)).res.status).toBe(401);
    expect((await signIn(p.email, 'new-password-1')).res.status).toBe(200);
  });

  it('refuses visitors', async () => {
    const res = await t.agent().post('/api/auth/change-password', {
      currentPassword: 'x',
      newPassword: 'new-password-1',
    });
    expect(res.status).toBe(401);
  });
});

describe('delete account', () => {
  it('wants the right password and changes nothing otherwise', async () => {
    const p = await person();
    for (const body of [{}, { password: '' }, { password: 'wrong-password' }]) {
      const res = await p.agent.post('/api/account/delete', body);
      expect(res.status).toBe(400);
    }
    const res = await p.agent.post('/api/account/delete', { password: 'wrong-password' });
    expect(res.body.error.message).toBe(SETTINGS_MSG.wrongPassword);
    expect((await p.agent.get('/api/me')).body.viewer?.id).toBe(p.id);
    expect((await t.agent().post('/api/account/delete', { password: 'x' })).status).toBe(401);
  });

  it('removes the person and keeps their threads readable for others, anonymised', async () => {
    const [gone, friend] = [await person(), await person()];
    await gone.agent.post(`/api/connections/${friend.id}/request`);
    await friend.agent.post(`/api/connections/${gone.id}/accept`);
    const sent = await gone.agent.post('/api/messages', {
      receiverId: friend.id,
      clientId: randomUUID(),
      content: 'Before I go',
    });
    expect(sent.status).toBe(201);

    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const avatar = await gone.agent.upload('/api/profiles/me/avatar', 'file', png, 'me.png', 'image/png');
    expect(avatar.status).toBe(200);
    const avatarUrl = avatar.body.avatarUrl as string;
    expect((await friend.agent.get(avatarUrl)).status).toBe(200);

    const res = await gone.agent.post('/api/account/delete', { password: gone.password });
    expect(res.status).toBe(200);
    // The pictures are gone too.
    expect((await friend.agent.get(avatarUrl)).status).toBe(404);

    // Signed out everywhere, and cannot sign in again.
    expect((await gone.agent.get('/api/me')).body.viewer).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, gone.id))).toEqual([]);
    expect((await signIn(gone.email, gone.password)).res.status).toBe(401);
    // Not found, not connected, not messageable.
    const profile = await friend.agent.get(`/api/profiles/${gone.id}`);
    expect(profile.status).toBe(404);
    expect(profile.body.error.message).toBe(PROFILE_MSG.notFound);
    expect(
      await t.db
        .select()
        .from(connections)
        .where(or(eq(connections.userId, gone.id), eq(connections.connectedUserId, gone.id))),
    ).toEqual([]);
    const reply = await friend.agent.post('/api/messages', {
      receiverId: gone.id,
      clientId: randomUUID(),
      content: 'Hello?',
    });
    expect(reply.status).toBe(403);
    // The friend's thread still reads, under 'A former member'.
    const thread = await friend.agent.get(`/api/messages/threads/${gone.id}`);
    expect(thread.status).toBe(200);
    expect(thread.body.items.map((m: { content: string }) => m.content)).toEqual(['Before I go']);
    expect(thread.body.partner).toMatchObject({ fullName: 'A former member', avatarUrl: null });
    expect(JSON.stringify(thread.body)).not.toContain(gone.username);
    expect(await t.db.select().from(messages).where(eq(messages.senderId, gone.id))).toHaveLength(1);

    // The address and the username are free again.
    const again = t.agent();
    const signUp = await again.post('/api/auth/sign-up/email', {
      username: gone.username,
      email: gone.email,
      password: 'another-password-1',
    });
    expect(signUp.status).toBe(200);
  });

  it('refuses to delete a super admin', async () => {
    const agent = t.agent();
    await signUpAndVerify(t, agent, {
      username: 'boss_one',
      email: 'boss@example.com',
      password: 'boss-password-1',
    });
    const res = await agent.post('/api/account/delete', { password: 'boss-password-1' });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(SETTINGS_MSG.adminCannotDelete);
  });
});
