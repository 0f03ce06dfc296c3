import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from './db/schema';
import { createTestApp, signedUpPerson, type TestApp } from './test/harness';

/* The end-to-end tests' hook (TEST_HOOKS=1): super admins only, and only the jobs it was given. */

let t: TestApp;
const ADMIN = 'hook-boss@example.com';
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN], testHooks: true });
});
afterAll(() => t?.close());

describe('POST /api/test/jobs/{name}', () => {
  it('runs the digest job as of the time given, for super admins only', async () => {
    const admin = await signedUpPerson(t, { email: ADMIN });
    const member = await signedUpPerson(t);
    // Something new for the member, who chose a daily digest and has not visited since.
    expect((await member.agent.request('PUT', '/api/settings/digest', { frequency: 'daily' })).status).toBe(
      200,
    );
    await t.db
      .insert(notifications)
      .values({ userId: member.id, type: 'connection_request', title: 'New follower', message: 'Hi' });
    const at = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();

    expect((await t.agent().post('/api/test/jobs/digests', { at })).status).toBe(401);
    expect((await member.agent.post('/api/test/jobs/digests', { at })).status).toBe(403);
    expect((await admin.agent.post('/api/test/jobs/nothing', { at })).status).toBe(404);
    expect((await admin.agent.post('/api/test/jobs/toString', { at })).status).toBe(404);
    expect((await admin.agent.post('/api/test/jobs/digests', { at: 'tomorrow' })).status).toBe(400);
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from digest_sends`);
    expect(rows[0]!.n).toBe(0);

    const run = await admin.agent.post<{ result: Record<string, number> }>('/api/test/jobs/digests', { at });
    expect(run.status, run.text).toBe(200);
    expect(run.body.result.sent).toBeGreaterThanOrEqual(1);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(member.email.toLowerCase()) && /Cofound digest/.test(m.subject),
    );
    expect(mail.subject).toBe('Your daily Cofound digest');
  });
});
