import { PUSH_MSG } from '@common/notifications/model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, pushSubscriptions } from '../../db/schema';
import {
  type Agent,
  createTestApp,
  openSocket,
  signedUpPerson,
  signUpAndVerify,
  type TestApp,
} from '../../test/harness';
import { startPushEndpoint, type PushEndpoint } from '../../test/push-endpoint';
import {
  checkPushEndpoint,
  encryptPushPayload,
  isPrivateAddress,
  loadVapidKeys,
  sendPush,
} from '../../platform/web-push';
import { decryptPush } from '../../test/push-endpoint';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';

let t: TestApp;
let push: PushEndpoint;
type Person = { agent: Agent; id: string; email: string; password: string };

const person = (): Promise<Person> => signedUpPerson(t);

/** A new device of `p` subscribed through the API, as the Settings switch does. */
async function device(p: Person) {
  const sub = push.subscribe();
  const res = await p.agent.post('/api/push/subscriptions', { endpoint: sub.endpoint, keys: sub.keys });
  expect(res.status).toBe(201);
  return sub;
}

beforeAll(async () => {
  t = await createTestApp();
  push = await startPushEndpoint();
});
afterAll(async () => {
  await push?.close();
  await t?.close();
});

describe('web push delivery', () => {
  it('sends a notification to a subscribed device, encrypted (RFC 8291) and signed (VAPID)', async () => {
    const [ann, bob] = [await person(), await person()];
    const sub = await device(ann);
    await bob.agent.post(`/api/connections/${ann.id}/request`);
    const got = await push.waitFor((p) => p.device === sub.id);
    expect(got.payload.title).toBe('New Connection Request');
    expect(got.payload.body).toMatch(/sent you a friend request$/);
    expect(got.payload.link).toMatch(/^\//);
    // Title, text and link only: no ids, no actor, no data.
    expect(Object.keys(got.payload).sort()).toEqual(['body', 'link', 'title']);
    expect(got.vapid.aud).toBe(push.origin);
    expect(got.vapid.publicKey).toBe((await t.agent().get('/api/push/key')).body.publicKey);
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    // Sent once: the row is no longer pending.
    const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, ann.id));
    expect(row!.pushPending).toBe(false);
  });

  it('goes to every device of the person, and not to anyone else', async () => {
    const [ann, bob, cat] = [await person(), await person(), await person()];
    const [phone, laptop] = [await device(ann), await device(ann)];
    const catDevice = await device(cat);
    await bob.agent.post(`/api/connections/${ann.id}/request`);
    await push.waitFor((p) => p.device === phone.id);
    await push.waitFor((p) => p.device === laptop.id);
    await t.booted.notificationPush.idle();
    expect(push.received.filter((p) => p.device === catDevice.id)).toHaveLength(0);
  });

  it('is not sent while the switch is off, nor while the person has a tab open', async () => {
    const [off, online, bob] = [await person(), await person(), await person()];
    const offDevice = await device(off);
    const onlineDevice = await device(online);
    await off.agent.request('PATCH', '/api/settings', { pushNotifications: false });
    const base = await t.listen();
    const socket = await openSocket(base, online.agent);
    expect(socket.opened.ok).toBe(true);
    // Presence is written just after the socket opens.
    await expect
      .poll(async () => (await t.booted.realtime.onlineAmong([online.id])).has(online.id))
      .toBe(true);
    await bob.agent.post(`/api/connections/${off.id}/request`);
    await bob.agent.post(`/api/connections/${online.id}/request`);
    await socket.waitFor('notification.created');
    await t.booted.notificationPush.flush();
    await t.booted.notificationPush.idle();
    expect(push.received.filter((p) => [offDevice.id, onlineDevice.id].includes(p.device))).toHaveLength(0);
    // Tab closed: the next notification comes as a push.
    socket.ws.close();
    await expect
      .poll(async () => (await t.booted.realtime.onlineAmong([online.id])).has(online.id))
      .toBe(false);
    const cat = await person();
    await cat.agent.post(`/api/connections/${online.id}/request`);
    const got = await push.waitFor((p) => p.device === onlineDevice.id);
    expect(got.payload.body).toMatch(/sent you a friend request/);
  });

  it('a push service answering 410 removes the subscription; a failing one never breaks the write', async () => {
    const [ann, bob, dan] = [await person(), await person(), await person()];
    const gone = await device(ann);
    push.answer(gone.id, 410);
    const res = await bob.agent.post(`/api/connections/${ann.id}/request`);
    expect(res.status).toBeLessThan(300);
    await push.waitFor((p) => p.device === gone.id);
    await t.booted.notificationPush.idle();
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.endpoint)),
    ).toEqual([]);
    // An endpoint nobody answers: the friend request and its notification are made all the same.
    const dead = push.subscribe();
    const unreachable = { endpoint: 'http://127.0.0.1:9/push/nobody', keys: dead.keys };
    expect((await dan.agent.post('/api/push/subscriptions', unreachable)).status).toBe(201);
    expect((await bob.agent.post(`/api/connections/${dan.id}/request`)).status).toBeLessThan(300);
    await t.booted.notificationPush.flush();
    const list = await dan.agent.get('/api/notifications');
    expect(list.body.items).toHaveLength(1);
  });

  it('two processes on one database send it once', async () => {
    const other = await t.startInstance();
    const [ann, bob] = [await person(), await person()];
    const sub = await device(ann);
    await bob.agent.post(`/api/connections/${ann.id}/request`);
    // Both run at once, as both receive the event on PostgreSQL; the claim lets one send.
    await Promise.all([t.booted.notificationPush.flush(), other.notificationPush.flush()]);
    await push.waitFor((p) => p.device === sub.id);
    await Promise.all([t.booted.notificationPush.idle(), other.notificationPush.idle()]);
    expect(push.received.filter((p) => p.device === sub.id)).toHaveLength(1);
  });

  it('signing out removes that device; deleting the account removes them all', async () => {
    const [ann, bob] = [await person(), await person()];
    const sub = await device(ann);
    expect((await ann.agent.post('/api/auth/sign-out')).status).toBe(200);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ann.id))).toEqual(
      [],
    );
    await bob.agent.post(`/api/connections/${ann.id}/request`);
    await t.booted.notificationPush.flush();
    expect(push.received.filter((p) => p.device === sub.id)).toHaveLength(0);

    const cat = await person();
    await device(cat);
    await device(cat);
    expect((await cat.agent.post('/api/account/delete', { password: cat.password })).status).toBe(200);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, cat.id))).toEqual(
      [],
    );
  });
});

describe('push subscriptions: who may do what', () => {
  it('visitors can read the public key but not register or remove anything', async () => {
    const key = await t.agent().get('/api/push/key');
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.publicKey, 'base64url')).toHaveLength(65);
    const sub = push.subscribe();
    expect(
      (await t.agent().post('/api/push/subscriptions', { endpoint: sub.endpoint, keys: sub.keys })).status,
    ).toBe(401);
    expect(
      (await t.agent().request('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint })).status,
    ).toBe(401);
  });

  it("nobody can take over, check or remove someone else's subscription", async () => {
    const [ann, eve] = [await person(), await person()];
    const sub = await device(ann);
    const other = push.subscribe();
    // Eve registers Ann's endpoint with her own keys: refused, and Ann's keys stay.
    const takeover = await eve.agent.post('/api/push/subscriptions', {
      endpoint: sub.endpoint,
      keys: other.keys,
    });
    expect(takeover.status).toBe(409);
    expect(takeover.body.error.message).toBe(PUSH_MSG.takenEndpoint);
    const [row] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(row).toMatchObject({ userId: ann.id, p256dh: sub.keys.p256dh });
    expect((await eve.agent.post('/api/push/subscriptions/check', { endpoint: sub.endpoint })).body).toEqual({
      subscribed: false,
    });
    const removal = await eve.agent.request('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint });
    expect(removal.status).toBe(404);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint)),
    ).toHaveLength(1);
    // Ann herself can check and remove it.
    expect((await ann.agent.post('/api/push/subscriptions/check', { endpoint: sub.endpoint })).body).toEqual({
      subscribed: true,
    });
    expect(
      (await ann.agent.request('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint })).status,
    ).toBe(200);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint)),
    ).toEqual([]);
  });

  it('refuses malformed subscriptions with a message and stores nothing', async () => {
    const ann = await person();
    const sub = push.subscribe();
    for (const body of [
      {},
      { endpoint: 'not a url', keys: sub.keys },
      { endpoint: 'ftp://push.example.com/x', keys: sub.keys },
      { endpoint: sub.endpoint, keys: { p256dh: 'short', auth: sub.keys.auth } },
      {
        endpoint: sub.endpoint,
        keys: { p256dh: sub.keys.p256dh, auth: randomBytes(8).toString('base64url') },
      },
      { endpoint: `https://push.example.com/${'x'.repeat(2100)}`, keys: sub.keys },
    ]) {
      const res = await ann.agent.post('/api/push/subscriptions', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ann.id))).toEqual(
      [],
    );
  });
});

describe('push endpoints and SSRF', () => {
  it('refuses http, loopback, private and local names unless the test setting allows them', () => {
    const strict = { allowPrivate: false };
    for (const bad of [
      'http://push.example.com/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://192.168.0.4/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[fd00::1]/x',
      'https://localhost/x',
      'https://metadata/x',
      'https://user:pw@push.example.com/x',
    ])
      expect(checkPushEndpoint(bad, strict), bad).not.toBeNull();
    for (const good of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://8.8.8.8/x',
    ])
      expect(checkPushEndpoint(good, strict), good).toBeNull();
    expect(checkPushEndpoint('http://127.0.0.1:9/x', { allowPrivate: true })).toBeNull();
    expect(isPrivateAddress('172.20.1.1')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
  });

  it('a public name resolving to a private address is refused when connecting', async () => {
    const keys = await loadVapidKeys(t.dataDir);
    const sub = push.subscribe();
    const before = push.received.length;
    // localtest.me and its subdomains resolve to 127.0.0.1 where DNS works; offline it fails to
    // resolve. Either way nothing reaches the local endpoint.
    const port = new URL(push.origin).port;
    const result = await sendPush({
      subscription: { endpoint: `https://push.localtest.me:${port}/push/${sub.id}`, ...sub.keys },
      payload: '{}',
      keys,
      subject: 'mailto:test@example.com',
      policy: { allowPrivate: false },
      timeoutMs: 3000,
    });
    expect('error' in result).toBe(true);
    expect(push.received.length).toBe(before);
  });

  it('with the API refusing a loopback endpoint when the setting is off', async () => {
    const strict = await createTestApp({ pushAllowPrivate: false });
    try {
      const agent = strict.agent();
      await signUpAndVerify(strict, agent);
      const sub = push.subscribe();
      const res = await agent.post('/api/push/subscriptions', { endpoint: sub.endpoint, keys: sub.keys });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(PUSH_MSG.badEndpoint);
    } finally {
      await strict.close();
    }
  });
});

describe('a push service that never answers', () => {
  it('is given up after the timeout, with an error and no throw', async () => {
    const hanging = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const sub = push.subscribe();
      const started = Date.now();
      const result = await sendPush({
        subscription: {
          endpoint: `http://127.0.0.1:${(hanging.address() as { port: number }).port}/push/x`,
          ...sub.keys,
        },
        payload: '{}',
        keys: await loadVapidKeys(t.dataDir),
        subject: 'mailto:test@example.com',
        policy: { allowPrivate: true },
        timeoutMs: 300,
      });
      expect(result).toEqual({ error: 'timeout' });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      hanging.closeAllConnections();
      hanging.close();
    }
  });
});

describe('VAPID keys and the encryption', () => {
  it('are made once in the data folder and kept', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cofound-vapid-'));
    try {
      const [a, b] = await Promise.all([loadVapidKeys(dir), loadVapidKeys(dir)]);
      expect(a.publicKey).toBe(b.publicKey);
      expect((await loadVapidKeys(dir)).publicKey).toBe(a.publicKey);
      expect(JSON.parse(await readFile(path.join(dir, 'vapid-keys.json'), 'utf8'))).toHaveProperty('d');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('round-trips through an independent decryption, and a wrong auth secret fails', () => {
    const ua = createECDH('prime256v1');
    ua.generateKeys();
    const auth = randomBytes(16);
    const body = encryptPushPayload(Buffer.from('héllo push'), {
      p256dh: ua.getPublicKey().toString('base64url'),
      auth: auth.toString('base64url'),
    });
    expect(body.readUInt32BE(16)).toBe(4096);
    expect(decryptPush(body, ua, auth)).toBe('héllo push');
    expect(() => decryptPush(body, ua, randomBytes(16))).toThrow();
  });
});
