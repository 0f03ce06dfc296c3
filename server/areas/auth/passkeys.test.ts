import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys } from '../../db/schema';
import { BASE_URL, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';

/*
 * Passkeys through @better-auth/passkey behind our routes (issue 32): the relying party is the
 * configured base URL whatever the request says, a member lists and removes only their own, and an
 * unknown credential signs nobody in. (The browser ceremony itself is WebAuthn's: not run here.)
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function passkeyOf(userId: string, name: string) {
  const [row] = await t.db
    .insert(passkeys)
    .values({
      userId,
      name,
      publicKey: 'cHVibGljLWtleQ==',
      credentialID: `cred-${name}-${userId}`,
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
    })
    .returning();
  return row!;
}

describe('passkeys', () => {
  it('registration options name the configured site, not the Host the request came with', async () => {
    const p = await signedUpPerson(t);
    const res = await p.agent.get('/api/auth/passkey/generate-register-options', { host: 'evil.example' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.rp).toEqual({ id: new URL(BASE_URL).hostname, name: 'Cofound' });
    expect(typeof res.body.challenge).toBe('string');
    expect((await t.agent().get('/api/auth/passkey/generate-register-options')).status).toBe(401);
  });

  it('a member lists and removes their own passkeys, never another member’s', async () => {
    const p = await signedUpPerson(t);
    const other = await signedUpPerson(t);
    const mine = await passkeyOf(p.id, 'laptop');
    await passkeyOf(other.id, 'phone');

    const list = await p.agent.get('/api/auth/passkey/list-user-passkeys');
    expect(list.status).toBe(200);
    expect((list.body as { name: string }[]).map((k) => k.name)).toEqual(['laptop']);
    expect(JSON.stringify(list.body)).not.toContain('phone');

    const stolen = await other.agent.post('/api/auth/passkey/delete-passkey', { id: mine.id });
    expect(stolen.status).toBeGreaterThanOrEqual(400);
    expect(stolen.status).toBeLessThan(500);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.id, mine.id))).toHaveLength(1);
    expect((await t.agent().post('/api/auth/passkey/delete-passkey', { id: mine.id })).status).toBe(401);

    const removed = await p.agent.post('/api/auth/passkey/delete-passkey', { id: mine.id });
    expect(removed.status, removed.text).toBe(200);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.id, mine.id))).toHaveLength(0);
  });

  it('sign-in with an unknown or forged credential signs nobody in', async () => {
    const agent = t.agent();
    const options = await agent.get('/api/auth/passkey/generate-authenticate-options');
    expect(options.status, options.text).toBe(200);
    expect(options.body.rpId).toBe(new URL(BASE_URL).hostname);
    const p = await signedUpPerson(t);
    const key = await passkeyOf(p.id, 'forged');
    for (const id of ['no-such-credential', key.credentialID]) {
      const res = await agent.post('/api/auth/passkey/verify-authentication', {
        response: {
          id,
          rawId: id,
          type: 'public-key',
          response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
          clientExtensionResults: {},
        },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await agent.get('/api/me')).body.viewer).toBeNull();
      // A fresh challenge for the next try (each is used once).
      await agent.get('/api/auth/passkey/generate-authenticate-options');
    }
  });
});
