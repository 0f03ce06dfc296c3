import { DIGEST_LIST, DIGEST_MSG } from '@common/digests/model';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestSends, notifications } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createLinkSigner } from '../../platform/signed-links';
import { BASE_URL, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';
import type { CaughtMail } from '../../test/smtp';
import { createDigestJob, periodStart } from './digests.job';

let t: TestApp;
const ADMIN = 'digest-boss@example.com';
// The harness's AUTH_SECRET: the tokens this server would sign.
const links = createLinkSigner('test-secret-test-secret-test-secret-0123456789');

beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN] });
});
afterAll(() => t?.close());

type Person = Awaited<ReturnType<typeof signedUpPerson>>;

/** A member last seen 40 days ago (their account and sessions made then). */
async function awayMember(): Promise<Person> {
  const p = await signedUpPerson(t);
  await t.db.execute(sql`update users set created_at = now() - interval '40 days' where id = ${p.id}`);
  await t.db.execute(
    sql`update sessions set updated_at = now() - interval '40 days' where user_id = ${p.id}`,
  );
  return p;
}

/** Something new for them: an unread notification. */
async function somethingNew(userId: string) {
  await t.db
    .insert(notifications)
    .values({ userId, type: 'connection_request', title: 'New follower', message: 'Someone followed you' });
}

const digestsTo = (p: Person) =>
  t.smtp.mails.filter((m) => m.to.includes(p.email.toLowerCase()) && /Cofound digest/.test(m.subject));

const oneClickUrl = (mail: CaughtMail) =>
  /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1] ?? '';

/** A mail client's RFC 8058 one-click POST: no cookie, no Origin. */
const oneClick = (url: string) =>
  t.app.request(new URL(url, BASE_URL).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

describe('the frequency setting', () => {
  it('is weekly by default, saves daily or off, refuses anything else, and is each member’s own', async () => {
    const p = await signedUpPerson(t);
    const other = await signedUpPerson(t);
    expect((await p.agent.get('/api/digests/preference')).body).toEqual({ frequency: 'weekly' });
    const saved = await p.agent.request('PUT', '/api/digests/preference', { frequency: 'daily' });
    expect(saved.status, saved.text).toBe(200);
    expect((await p.agent.get('/api/digests/preference')).body).toEqual({ frequency: 'daily' });
    expect((await p.agent.request('PUT', '/api/digests/preference', { frequency: 'off' })).body).toEqual({
      frequency: 'off',
    });
    for (const body of [{ frequency: 'hourly' }, {}, { frequency: 1 }]) {
      const bad = await p.agent.request('PUT', '/api/digests/preference', body);
      expect(bad.status).toBe(400);
    }
    const bad = await p.agent.request('PUT', '/api/digests/preference', { frequency: 'hourly' });
    expect(bad.body.error.fields.frequency).toBe(DIGEST_MSG.invalidFrequency);
    expect((await p.agent.get('/api/digests/preference')).body).toEqual({ frequency: 'off' });
    expect((await other.agent.get('/api/digests/preference')).body).toEqual({ frequency: 'weekly' });
    expect((await t.agent().get('/api/digests/preference')).status).toBe(401);
    expect((await t.agent().request('PUT', '/api/digests/preference', { frequency: 'daily' })).status).toBe(
      401,
    );
  });
});

describe('the digest job', () => {
  it('mails a member who was away with something new, and nobody active, with nothing new, or off', async () => {
    const away = await awayMember();
    const active = await signedUpPerson(t);
    const quiet = await awayMember();
    const off = await awayMember();
    await off.agent.request('PUT', '/api/digests/preference', { frequency: 'off' });
    // Signing in again makes the last visit now: `off` chose while here; make them away again.
    await t.db.execute(
      sql`update sessions set updated_at = now() - interval '40 days' where user_id = ${off.id}`,
    );
    for (const p of [away, active, off]) await somethingNew(p.id);

    const result = await t.booted.digests.run();
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(digestsTo(away)).toHaveLength(1);
    expect(digestsTo(active)).toHaveLength(0);
    expect(digestsTo(quiet)).toHaveLength(0);
    expect(digestsTo(off)).toHaveLength(0);
    const [quietRow] = await t.db.select().from(digestSends).where(eq(digestSends.userId, quiet.id));
    expect(quietRow?.status).toBe('skipped');

    const mail = digestsTo(away)[0]!;
    expect(mail.subject).toBe('Your weekly Cofound digest');
    expect(mail.text).toContain('Unread notifications: 1');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(oneClickUrl(mail)).toMatch(/^http:\/\/localhost:3000\/api\/digests\/unsubscribe\?token=/);
    expect(mail.links.some((l) => l.startsWith(`${BASE_URL}/unsubscribe?token=`))).toBe(true);

    // The same period again: nothing more.
    await t.booted.digests.run();
    expect(digestsTo(away)).toHaveLength(1);
  });

  it('sends once per period across two processes running at once', async () => {
    const people = [await awayMember(), await awayMember(), await awayMember(), await awayMember()];
    for (const p of people) await somethingNew(p.id);
    const other = await t.startInstance();
    await Promise.all([t.booted.digests.run(), other.digests.run(), t.booted.digests.run()]);
    await Promise.all([other.digests.run(), t.booted.digests.run()]);
    for (const p of people) expect(digestsTo(p), p.email).toHaveLength(1);
    const rows = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from digest_sends where user_id in (${sql.join(
        people.map((p) => sql`${p.id}`),
        sql`, `,
      )}) and status = 'sent'`,
    );
    expect(rows.rows[0]?.n).toBe(people.length);
  });

  it('takes over a claim whose process died, once, and leaves a live claim to its process', async () => {
    // A process whose mail server refuses: its claim ends as failed, to be retried later.
    const failing = await awayMember();
    await somethingNew(failing.id);
    const broken = createDigestJob({
      db: t.db,
      logger: createLogger('silent'),
      links,
      baseUrl: BASE_URL,
      intervalMs: 0,
      mailer: { mode: 'smtp', send: () => Promise.reject(new Error('421 try later')) },
    });
    expect(await broken.run()).toMatchObject({ sent: 0, failed: 1 });
    const [failedRow] = await t.db.select().from(digestSends).where(eq(digestSends.userId, failing.id));
    expect(failedRow).toMatchObject({ status: 'failed', error: '421 try later' });

    const crashed = await awayMember();
    const busy = await awayMember();
    for (const p of [crashed, busy]) await somethingNew(p.id);
    const start = periodStart('weekly', new Date());
    // A process claimed these and died before sending (its lease is over), or is still sending.
    await t.db.insert(digestSends).values([
      {
        userId: crashed.id,
        frequency: 'weekly',
        periodStart: start,
        status: 'claimed',
        leaseUntil: sql`now() - interval '1 minute'`,
      },
      {
        userId: busy.id,
        frequency: 'weekly',
        periodStart: start,
        status: 'claimed',
        leaseUntil: sql`now() + interval '5 minutes'`,
      },
    ]);

    await t.booted.digests.run();
    expect(digestsTo(crashed)).toHaveLength(1);
    expect(digestsTo(busy)).toHaveLength(0);
    // The failed one waits for its retry time; once it has come, it goes out once.
    expect(digestsTo(failing)).toHaveLength(0);
    await t.db
      .update(digestSends)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(and(eq(digestSends.userId, failing.id), eq(digestSends.status, 'failed')));
    await t.booted.digests.run();
    await t.booted.digests.run();
    expect(digestsTo(failing)).toHaveLength(1);
    expect(digestsTo(crashed)).toHaveLength(1);
    const [row] = await t.db.select().from(digestSends).where(eq(digestSends.userId, crashed.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('unsubscribing', () => {
  it('works from the mail without sign-in; a forged or another member’s token is refused', async () => {
    const p = await awayMember();
    const other = await awayMember();
    await somethingNew(p.id);
    await t.booted.digests.run();
    const mail = digestsTo(p)[0]!;
    const url = oneClickUrl(mail);
    const token = new URL(url).searchParams.get('token')!;
    const signature = token.split('.')[1]!;

    // Opened in a browser: the confirm page, nothing changed.
    const opened = await t.agent().get(url);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await p.agent.get('/api/digests/preference')).body).toEqual({ frequency: 'weekly' });

    const forged = [
      `${other.id}.${signature}`, // another member's id under this signature
      links.sign('other-list', p.id), // signed for something else
      `${p.id}.${'A'.repeat(43)}`,
      'nonsense',
      `${p.id}`,
    ];
    for (const bad of forged) {
      const res = await oneClick(`/api/digests/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        DIGEST_MSG.invalidLink,
      );
    }
    expect((await oneClick('/api/digests/unsubscribe')).status).toBe(400);
    expect((await other.agent.get('/api/digests/preference')).body).toEqual({ frequency: 'weekly' });
    expect((await p.agent.get('/api/digests/preference')).body).toEqual({ frequency: 'weekly' });

    const done = await oneClick(url);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ unsubscribed: true });
    expect((await p.agent.get('/api/digests/preference')).body).toEqual({ frequency: 'off' });
    expect((await other.agent.get('/api/digests/preference')).body).toEqual({ frequency: 'weekly' });
    // The token is bound to its list too.
    expect(links.verify(DIGEST_LIST, token)).toBe(p.id);
  });
});

describe('the admin view', () => {
  it('shows the latest runs to super admins only', async () => {
    const admin = await signedUpPerson(t, { email: ADMIN });
    const member = await signedUpPerson(t);
    const res = await admin.agent.get('/api/digests/runs');
    expect(res.status, res.text).toBe(200);
    expect(res.body.runs.length).toBeGreaterThan(0);
    expect(res.body.runs[0]).toMatchObject({ finishedAt: expect.any(String) });
    expect(res.body.totals.sent).toBeGreaterThanOrEqual(1);
    expect(res.body.totals.failed + res.body.totals.sent + res.body.totals.skipped).toBeGreaterThan(1);
    expect((await member.agent.get('/api/digests/runs')).status).toBe(403);
    expect((await t.agent().get('/api/digests/runs')).status).toBe(401);
  });
});
