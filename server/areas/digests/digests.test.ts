import { DIGEST_LIST, DIGEST_MSG } from '@common/digests/model';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articles,
  blocks,
  connections,
  digestRuns,
  digestSends,
  eventInvitations,
  events,
  forumGroupMembers,
  forumGroups,
  forumPosts,
  groupMembers,
  groupPosts,
  groups,
  notifications,
  reactions,
} from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createLinkSigner } from '../../platform/signed-links';
import { BASE_URL, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';
import type { Mailer } from '../../platform/email';
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
    expect((await p.agent.get('/api/settings/digest')).body).toEqual({ frequency: 'weekly' });
    const saved = await p.agent.request('PUT', '/api/settings/digest', { frequency: 'daily' });
    expect(saved.status, saved.text).toBe(200);
    expect((await p.agent.get('/api/settings/digest')).body).toEqual({ frequency: 'daily' });
    expect((await p.agent.request('PUT', '/api/settings/digest', { frequency: 'off' })).body).toEqual({
      frequency: 'off',
    });
    for (const body of [{ frequency: 'hourly' }, {}, { frequency: 1 }]) {
      const bad = await p.agent.request('PUT', '/api/settings/digest', body);
      expect(bad.status).toBe(400);
    }
    const bad = await p.agent.request('PUT', '/api/settings/digest', { frequency: 'hourly' });
    expect(bad.body.error.fields.frequency).toBe(DIGEST_MSG.invalidFrequency);
    expect((await p.agent.get('/api/settings/digest')).body).toEqual({ frequency: 'off' });
    expect((await other.agent.get('/api/settings/digest')).body).toEqual({ frequency: 'weekly' });
    expect((await t.agent().get('/api/settings/digest')).status).toBe(401);
    // A personal access token never reaches settings, even with the write scope.
    const made = await p.agent.post('/api/account/tokens', {
      name: 'script',
      scope: 'write',
      expiresInDays: 30,
    });
    expect(made.status, made.text).toBe(201);
    const bearer = { authorization: `Bearer ${made.body.token as string}` };
    const script = t.agent();
    expect((await script.get('/api/settings/digest', bearer)).status).toBe(403);
    expect((await script.request('PUT', '/api/settings/digest', { frequency: 'daily' }, bearer)).status).toBe(
      403,
    );
    expect((await t.agent().request('PUT', '/api/settings/digest', { frequency: 'daily' })).status).toBe(401);
  });
});

describe('the digest job', () => {
  it('mails a member who was away with something new, and nobody active, with nothing new, or off', async () => {
    const away = await awayMember();
    const active = await signedUpPerson(t);
    const quiet = await awayMember();
    const off = await awayMember();
    await off.agent.request('PUT', '/api/settings/digest', { frequency: 'off' });
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

  it('shows only what the member may see, from each area’s section, at most 5 items a section', async () => {
    const me = await awayMember();
    const author = await signedUpPerson(t);
    const blocked = await signedUpPerson(t);
    const stranger = await signedUpPerson(t);
    // Groups: theirs (7 posts, one very long), one they are not in, and a blocked author's popular post.
    const [mine, notMine] = await t.db
      .insert(groups)
      .values([
        { name: 'Fintech Founders', description: 'd', createdBy: author.id },
        { name: 'Secret Circle', description: 'd', createdBy: author.id },
      ])
      .returning({ id: groups.id });
    await t.db.insert(groupMembers).values([
      { groupId: mine!.id, userId: me.id },
      { groupId: mine!.id, userId: blocked.id },
    ]);
    const posts = Array.from({ length: 7 }, (_, i) => ({
      groupId: mine!.id,
      userId: author.id,
      content: i === 0 ? `Long ${'word '.repeat(60)}` : `Group post ${i}`,
    }));
    await t.db.insert(groupPosts).values(posts);
    await t.db
      .insert(groupPosts)
      .values({ groupId: notMine!.id, userId: author.id, content: 'Hidden group post' });
    const [loud] = await t.db
      .insert(groupPosts)
      .values({ groupId: mine!.id, userId: blocked.id, content: 'Blocked author post' })
      .returning({ id: groupPosts.id });
    await t.db
      .insert(reactions)
      .values({ userId: author.id, contentType: 'group_post', contentId: loud!.id, reactionType: 'like' });
    await t.db.insert(blocks).values({ blockerId: blocked.id, blockedId: me.id });
    // Forums: an approved membership, and a pending one.
    const [forum, pending] = await t.db
      .insert(forumGroups)
      .values([{ name: 'SaaS Metrics' }, { name: 'Waiting Room' }])
      .returning({ id: forumGroups.id });
    await t.db.insert(forumGroupMembers).values([
      { groupId: forum!.id, userId: me.id, status: 'approved' },
      { groupId: pending!.id, userId: me.id, status: 'pending' },
    ]);
    await t.db.insert(forumPosts).values([
      {
        groupId: forum!.id,
        authorId: author.id,
        title: 'Churn benchmarks',
        content: 'c',
        category: 'business',
        repliesCount: 3,
      },
      {
        groupId: pending!.id,
        authorId: author.id,
        title: 'Not yet yours',
        content: 'c',
        category: 'business',
      },
    ]);
    // Follows: an article of someone they follow, and one of a stranger.
    await t.db.insert(connections).values({ userId: me.id, connectedUserId: author.id, status: 'following' });
    const article = { content: 'c', excerpt: 'e', preview: 'p', category: 'tech', status: 'published' };
    await t.db.insert(articles).values([
      { ...article, authorId: author.id, title: 'Raising a seed round', publishedAt: new Date() },
      { ...article, authorId: stranger.id, title: 'Stranger article', publishedAt: new Date() },
    ]);
    // Events: one they are going to, soon.
    const [event] = await t.db
      .insert(events)
      .values({
        creatorId: author.id,
        title: 'Demo night',
        startsAt: new Date(Date.now() + 3 * 86_400_000),
        location: 'Berlin',
      })
      .returning({ id: events.id });
    await t.db.insert(eventInvitations).values({ eventId: event!.id, inviteeId: me.id, status: 'accepted' });

    await t.booted.digests.run();
    const mail = digestsTo(me)[0]!;
    expect(mail, 'a digest').toBeDefined();
    const section = (heading: string) => {
      const lines = mail.text.split('\n');
      const from = lines.indexOf(heading);
      if (from < 0) return [];
      const end = lines.findIndex((l, i) => i > from && !l.startsWith('- '));
      return lines.slice(from + 1, end < 0 ? undefined : end);
    };
    const groupLines = section('Popular in your groups');
    expect(groupLines).toHaveLength(5);
    expect(mail.text).not.toContain('Hidden group post');
    expect(mail.text).not.toContain('Blocked author post');
    const long = groupLines.find((l) => l.startsWith('- Long'))!;
    expect(long.length).toBeLessThan(140 + 120);
    expect(long).toContain('…');
    expect(section('Popular in your forums')).toEqual([
      expect.stringMatching(/^- Churn benchmarks \(in SaaS Metrics · 3 replies · 0 reactions\): http/),
    ]);
    expect(mail.text).not.toContain('Not yet yours');
    expect(section('From people you follow')).toEqual([
      expect.stringMatching(/^- Raising a seed round \(by /),
    ]);
    expect(mail.text).not.toContain('Stranger article');
    expect(section('Your upcoming events')).toEqual([
      expect.stringMatching(/^- Demo night \(.* UTC · Berlin\): /),
    ]);
  });

  it('sends nothing when only reminders are there (an upcoming event is not news)', async () => {
    const me = await awayMember();
    const host = await signedUpPerson(t);
    const [event] = await t.db
      .insert(events)
      .values({
        creatorId: host.id,
        title: 'Quiet meetup',
        startsAt: new Date(Date.now() + 86_400_000),
        location: 'Online',
      })
      .returning({ id: events.id });
    await t.db.insert(eventInvitations).values({ eventId: event!.id, inviteeId: me.id, status: 'accepted' });
    await t.booted.digests.run();
    expect(digestsTo(me)).toHaveLength(0);
    const [row] = await t.db.select().from(digestSends).where(eq(digestSends.userId, me.id));
    expect(row?.status).toBe('skipped');
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
      // As nodemailer reports a refusal: the server's answer code on the error.
      mailer: {
        mode: 'smtp',
        send: () => Promise.reject(Object.assign(new Error('421 try later'), { responseCode: 421 })),
      },
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

describe('a crash while handing the mail over', () => {
  const job = (mailer: Mailer) =>
    createDigestJob({
      db: t.db,
      logger: createLogger('silent'),
      links,
      baseUrl: BASE_URL,
      intervalMs: 0,
      mailer,
    });
  const rowOf = async (p: Person) =>
    (await t.db.select().from(digestSends).where(eq(digestSends.userId, p.id)))[0];
  /** Ends the lease of this member's row, as if its process had died long ago. */
  const leaseOver = (p: Person) =>
    t.db
      .update(digestSends)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(digestSends.userId, p.id));

  it('never sends a digest twice: a process that died after recording it is not taken over', async () => {
    const p = await awayMember();
    await somethingNew(p.id);
    // The dying process: its mail reaches the mail server, and the process dies before the mark.
    let reached!: () => void;
    const atServer = new Promise<void>((resolve) => (reached = resolve));
    const handedOver: string[] = [];
    const dying = job({
      mode: 'smtp',
      send: (mail) => {
        handedOver.push(mail.to);
        reached();
        return new Promise<void>(() => {}); // never answers: the process is gone
      },
    });
    void dying.run();
    await atServer;
    expect(handedOver).toHaveLength(1);
    expect(await rowOf(p)).toMatchObject({ status: 'sending' });

    // Its lease runs out; other processes' rounds find the row and never send it again. The round
    // that finds it counts it as failed.
    await leaseOver(p);
    const result = await t.booted.digests.run();
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const [run] = await t.db.select().from(digestRuns).orderBy(desc(digestRuns.startedAt)).limit(1);
    expect(run!.failed).toBeGreaterThanOrEqual(1);
    await t.booted.digests.run();
    const other = await t.startInstance();
    await other.digests.run();
    expect(digestsTo(p)).toHaveLength(0);
    expect(handedOver).toHaveLength(1);
    expect(await rowOf(p)).toMatchObject({ status: 'unknown', attempts: 1 });
  });

  it('retries a mail the server refused, and never one it may have taken', async () => {
    const refused = await awayMember();
    const lost = await awayMember();
    for (const p of [refused, lost]) await somethingNew(p.id);
    const tries: string[] = [];
    const flaky = job({
      mode: 'smtp',
      send: (mail) => {
        tries.push(mail.to);
        // The refusal has the server's answer code; a connection lost mid-mail has none.
        return Promise.reject(
          mail.to.toLowerCase() === refused.email.toLowerCase()
            ? Object.assign(new Error('550 mailbox busy'), { responseCode: 550, command: 'DATA' })
            : Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION' }),
        );
      },
    });
    expect(await flaky.run()).toMatchObject({ sent: 0 });
    expect(await rowOf(refused)).toMatchObject({ status: 'failed', error: '550 mailbox busy' });
    expect(await rowOf(lost)).toMatchObject({ status: 'unknown' });

    for (const p of [refused, lost]) await leaseOver(p);
    await t.booted.digests.run();
    expect(digestsTo(refused)).toHaveLength(1);
    expect(digestsTo(lost)).toHaveLength(0);
    expect(await rowOf(refused)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await rowOf(lost)).toMatchObject({ status: 'unknown', attempts: 1 });
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
    expect((await p.agent.get('/api/settings/digest')).body).toEqual({ frequency: 'weekly' });

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
    expect((await other.agent.get('/api/settings/digest')).body).toEqual({ frequency: 'weekly' });
    expect((await p.agent.get('/api/settings/digest')).body).toEqual({ frequency: 'weekly' });

    const done = await oneClick(url);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ unsubscribed: true });
    expect((await p.agent.get('/api/settings/digest')).body).toEqual({ frequency: 'off' });
    expect((await other.agent.get('/api/settings/digest')).body).toEqual({ frequency: 'weekly' });
    // The token is bound to its list too.
    expect(links.verify(DIGEST_LIST, token)).toBe(p.id);
  });
});

describe('the admin view', () => {
  it('shows the latest runs to super admins only', async () => {
    const admin = await signedUpPerson(t, { email: ADMIN });
    const member = await signedUpPerson(t);
    const res = await admin.agent.get('/api/admin/digests');
    expect(res.status, res.text).toBe(200);
    expect(res.body.runs.length).toBeGreaterThan(0);
    expect(res.body.runs[0]).toMatchObject({ finishedAt: expect.any(String) });
    expect(res.body.totals.sent).toBeGreaterThanOrEqual(1);
    expect(res.body.totals.failed + res.body.totals.sent + res.body.totals.skipped).toBeGreaterThan(1);
    expect((await member.agent.get('/api/admin/digests')).status).toBe(403);
    expect((await t.agent().get('/api/admin/digests')).status).toBe(401);
  });
});
