import { LIMIT_MSG } from '@common/core/texts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, signUpAndVerify, type TestApp } from '../test/harness';
import { png } from '../test/images';
import { API_LIMITS } from './api-limits';

/*
 * Per-person limits on everything that is not a read (issue 13, hole 5): the figures of
 * api-limits.ts, counted in the database so a second instance sees the same count.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function person() {
  const agent = t.agent();
  const { viewer } = await signUpAndVerify(t, agent);
  return { agent, id: viewer.id };
}

/** Hits recorded for this person under a limit, across every window. */
async function hits(name: string, userId: string) {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select coalesce(sum(hits), 0)::int as n from usage_counters where key = ${`${name}:${userId}`}`,
  );
  return Number(rows[0]!.n);
}

describe('writes per person', () => {
  it(`refuses write number ${API_LIMITS.writes.max + 1} in the window with 429 and Retry-After, on every instance`, async () => {
    const alice = await person();
    const other = await t.startInstance();
    // The same browser, served by another instance behind the load balancer.
    const elsewhere = new Agent(() => other.app, alice.agent.ip);
    for (const [k, v] of alice.agent.cookies) elsewhere.cookies.set(k, v);

    // Any request that is not a read counts, even one to no route at all; half here, half there.
    const half = API_LIMITS.writes.max / 2;
    for (let i = 0; i < API_LIMITS.writes.max; i++) {
      const agent = i < half ? alice.agent : elsewhere;
      const res = await agent.post('/api/no-such-endpoint', {});
      expect(res.status).toBe(404);
    }
    expect(await hits(API_LIMITS.writes.name, alice.id)).toBe(API_LIMITS.writes.max);

    for (const agent of [alice.agent, elsewhere]) {
      const refused = await agent.request('PATCH', '/api/profiles/me', { title: 'Too late' });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatchObject({ code: 'RATE_LIMITED', message: LIMIT_MSG.tooManyWrites });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(API_LIMITS.writes.windowSec);
    }
    // Nothing was changed, reads still work, and another person is not affected.
    const me = await alice.agent.get('/api/profiles/me');
    expect(me.status).toBe(200);
    expect(me.body.title).not.toBe('Too late');
    const bob = await person();
    expect((await bob.agent.request('PATCH', '/api/profiles/me', { title: 'Fine' })).status).toBe(200);
  });

  it('never writes to the database for a read', async () => {
    const carol = await person();
    for (let i = 0; i < 20; i++) expect((await carol.agent.get('/api/profiles/me')).status).toBe(200);
    expect(await hits(API_LIMITS.writes.name, carol.id)).toBe(0);
  });

  it('does not count the auth routes (better-auth limits them by address)', async () => {
    const dave = await person();
    await dave.agent.post('/api/auth/sign-out', {});
    expect(await hits(API_LIMITS.writes.name, dave.id)).toBe(0);
  });
});

describe('uploads per person', () => {
  it(`refuses upload number ${API_LIMITS.uploads.max + 1} in the window`, async () => {
    const erin = await person();
    const image = await png(120, 120);
    for (let i = 0; i < API_LIMITS.uploads.max; i++) {
      const res = await erin.agent.upload('/api/profiles/me/avatar', 'file', image, 'me.png', 'image/png');
      expect(res.status).toBe(200);
    }
    const refused = await erin.agent.upload('/api/profiles/me/avatar', 'file', image, 'me.png', 'image/png');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'RATE_LIMITED', message: LIMIT_MSG.tooManyUploads });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(API_LIMITS.uploads.windowSec);
    // An upload is also a write; the JSON writes left in the window still pass.
    expect(await hits(API_LIMITS.writes.name, erin.id)).toBe(API_LIMITS.uploads.max + 1);
    expect((await erin.agent.request('PATCH', '/api/profiles/me', { title: 'Still here' })).status).toBe(200);
  });
});
