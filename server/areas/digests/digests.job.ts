import { DIGEST_LIST, DIGEST_SECTION_ITEMS, type DigestFrequency } from '@common/digests/model';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { digestRuns, digestSends } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { digestSections, type DigestSectionResult } from '../../platform/digest-sections';
import { mailSurelyNotSent, type Mailer } from '../../platform/email';
import { mailListsLayout, type MailList } from '../../platform/mail-layout';
import type { LinkSigner } from '../../platform/signed-links';

/*
 * The digest job (docs/decisions/029). Every process runs it on a timer; the database decides who
 * sends what. For each period (a UTC day, a UTC week from Monday) a member who chose that
 * frequency, has an address confirmed and has not visited since the previous period began gets one
 * mail, if some area has news for them:
 *
 *   claim  INSERT the (member, frequency, period) row, or take over one whose lease ran out;
 *          whoever gets the row back from RETURNING is the only sender
 *   send   ask every registered section, then record `sending` (only while the claim is still
 *          this round's) before the mail is handed to the mail server, and mail the result (or
 *          mark it skipped: nothing new)
 *   mark   sent; failed with a later lease when the mail server surely did not take the mail
 *          (it refused, or could not be reached: retried up to MAX_ATTEMPTS times); unknown when
 *          it may have (a connection lost mid-mail): never sent again
 *
 * A process that dies after claiming leaves a `claimed` row; once its lease ends the next round
 * takes it over, so the digest still goes out. One that dies after recording `sending` leaves a
 * row nobody takes over: once its lease ends a round marks it unknown and counts it as failed.
 * The mail may then have gone out or not, but never twice: at most one digest per member and
 * period.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a claim is its process's alone: far longer than making and sending one mail. */
export const DIGEST_LEASE_S = 10 * 60;
/** A failed send waits this long before the next try. */
const RETRY_AFTER_S = 30 * 60;
export const DIGEST_MAX_ATTEMPTS = 3;
/** Members looked up at once; a round takes at most BATCHES of them per frequency. */
const BATCH = 100;
const BATCHES = 20;
/** Runs and sends are kept this long (the admin view's window), then pruned. */
const KEEP_DAYS = 30;
const TEXT_MAX = 140;

/** Where a period begins: midnight UTC for daily, Monday midnight UTC for weekly. */
export function periodStart(frequency: Exclude<DigestFrequency, 'off'>, now: Date): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (frequency === 'daily') return new Date(day);
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS);
}

const periodLength = (frequency: Exclude<DigestFrequency, 'off'>) =>
  frequency === 'daily' ? DAY_MS : 7 * DAY_MS;

const clip = (s: string, max = TEXT_MAX) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

type Candidate = { id: string; email: string; name: string };
type Outcome = 'sent' | 'skipped' | 'failed';
/** A row's end: a failure the mail server surely did not take (retried) or one it may have (not). */
type Finish = 'sent' | 'skipped' | 'failed' | 'unknown';
/** Why an unknown row is not sent again, for the admin view. */
const UNKNOWN_ERROR = 'Handed to the mail server without an answer: not sent again';
export type DigestRoundResult = Record<Outcome, number>;

export function createDigestJob(opts: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  links: LinkSigner;
  baseUrl: string;
  /** 0: only when run by hand (tests). */
  intervalMs: number;
}) {
  const { db, mailer, logger, links, baseUrl } = opts;

  /**
   * Members due a digest of this period: their choice, a confirmed address, a live account, no
   * visit since `since` (a session used or begun: its updated_at moves at sign-in and about daily
   * while used), no account made since, and no row of this period that is done or held by a live
   * claim.
   */
  async function findDue(frequency: string, start: Date, since: Date): Promise<Candidate[]> {
    const { rows } = await db.execute<Candidate>(sql`
      select u.id, u.email, p.full_name as name
      from users u
      join profiles p on p.id = u.id
      left join digest_preferences d on d.user_id = u.id
      where coalesce(d.frequency, 'weekly') = ${frequency}
        and u.email_verified and not coalesce(u.banned, false)
        and p.deleted_at is null and not p.is_banned
        and u.created_at < ${since.toISOString()}
        and not exists (
          select 1 from sessions s where s.user_id = u.id and s.updated_at >= ${since.toISOString()}
        )
        and not exists (
          select 1 from digest_sends x
          where x.user_id = u.id and x.frequency = ${frequency} and x.period_start = ${start.toISOString()}
            and not (x.status in ('claimed', 'failed') and x.lease_until < now() and x.attempts < ${DIGEST_MAX_ATTEMPTS})
        )
      order by u.id
      limit ${BATCH}`);
    return rows;
  }

  /** The claim: the row's id when this process is now the one to send it, else null. */
  async function claim(userId: string, frequency: string, start: Date, runId: string) {
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into digest_sends (user_id, frequency, period_start, status, lease_until, run_id)
      values (${userId}, ${frequency}, ${start.toISOString()}, 'claimed',
              now() + make_interval(secs => ${DIGEST_LEASE_S}), ${runId})
      on conflict (user_id, frequency, period_start) do update
        set status = 'claimed', lease_until = excluded.lease_until, run_id = excluded.run_id,
            attempts = digest_sends.attempts + 1, error = null
        where digest_sends.status in ('claimed', 'failed') and digest_sends.lease_until < now()
          and digest_sends.attempts < ${DIGEST_MAX_ATTEMPTS}
      returning id`);
    return rows[0]?.id ?? null;
  }

  async function collect(userId: string, since: Date, now: Date) {
    const parts: { title: string; news: boolean; result: DigestSectionResult }[] = [];
    for (const section of digestSections()) {
      try {
        const result = await section.collect(db, { userId, since, now, limit: DIGEST_SECTION_ITEMS });
        const empty = result.kind === 'count' ? result.count <= 0 : result.items.length === 0;
        if (!empty) parts.push({ title: section.title, news: section.news, result });
      } catch (err) {
        // One area's failure leaves its section out, not the whole digest.
        logger.warn({ err, section: section.id }, 'digest section failed');
      }
    }
    return parts;
  }

  function compose(
    person: Candidate,
    frequency: Exclude<DigestFrequency, 'off'>,
    parts: Awaited<ReturnType<typeof collect>>,
  ) {
    const abs = (link: string) => `${baseUrl}${link}`;
    const token = encodeURIComponent(links.sign(DIGEST_LIST, person.id));
    const unsubscribePage = `${baseUrl}/unsubscribe?token=${token}`;
    const oneClick = `${baseUrl}/api/digests/unsubscribe?token=${token}`;
    const settings = `${baseUrl}/settings?tab=notifications`;
    const counts: string[] = [];
    const lists: MailList[] = [];
    for (const { title, result } of parts) {
      if (result.kind === 'count') counts.push(`${title}: ${result.count} (${abs(result.link)})`);
      else
        lists.push({
          heading: title,
          items: result.items.slice(0, DIGEST_SECTION_ITEMS).map((i) => ({
            text: clip(i.title),
            ...(i.detail ? { detail: clip(i.detail) } : {}),
            url: abs(i.link),
          })),
        });
    }
    const title = frequency === 'daily' ? 'Your daily Cofound digest' : 'Your weekly Cofound digest';
    const hello = `Hi ${clip(person.name, 60) || 'there'}, here is what happened on Cofound while you were away.`;
    const text = [
      hello,
      '',
      ...counts,
      ...lists.flatMap((l) => [
        '',
        l.heading,
        ...l.items.map((i) => `- ${i.text}${i.detail ? ` (${i.detail})` : ''}: ${i.url}`),
      ]),
      '',
      `Open Cofound: ${baseUrl}/`,
      '',
      `Change how often you get this email in Settings: ${settings}`,
      `Unsubscribe from the digest: ${unsubscribePage}`,
    ].join('\n');
    const html = mailListsLayout(
      title,
      [hello, ...counts],
      lists,
      { label: 'Open Cofound', url: `${baseUrl}/` },
      [
        { text: 'Change how often you get this email in Settings:', url: settings },
        { text: 'Unsubscribe from the digest:', url: unsubscribePage },
      ],
    );
    return {
      to: person.email,
      subject: title,
      text,
      html,
      headers: {
        // RFC 8058: a mail client offers one-click unsubscribe and POSTs to this address itself.
        'List-Unsubscribe': `<${oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': `Cofound digest <${DIGEST_LIST}.${new URL(baseUrl).hostname}>`,
      },
    };
  }

  /**
   * Records that the mail is about to be handed to the mail server, if the claim is still this
   * round's (a claim taken over after its lease ended is the other process's to send). False: it
   * is not, and nothing is sent.
   */
  async function recordSending(id: string, runId: string) {
    const { rows } = await db.execute<{ id: string }>(sql`
      update digest_sends set status = 'sending', lease_until = now() + make_interval(secs => ${DIGEST_LEASE_S})
      where id = ${id} and status = 'claimed' and run_id = ${runId}
      returning id`);
    return rows.length > 0;
  }

  async function finish(id: string, status: Finish, error?: string) {
    const from = status === 'skipped' ? ['claimed'] : ['sending'];
    // A mail the server took is sent, even if a round has since given its row up as unknown.
    if (status === 'sent') from.push('unknown');
    await db
      .update(digestSends)
      .set(
        status === 'failed' || status === 'unknown'
          ? {
              status,
              error: error?.slice(0, 200) ?? null,
              leaseUntil: sql`now() + make_interval(secs => ${RETRY_AFTER_S})`,
            }
          : { status, sentAt: status === 'sent' ? sql`now()` : null, error: null },
      )
      .where(and(eq(digestSends.id, id), inArray(digestSends.status, from)));
  }

  /**
   * Rows left `sending` by a process that died (their lease is over) become unknown: the mail
   * server may have taken the mail, so it is never handed over again. How many this round gave up.
   */
  async function giveUpUnanswered(): Promise<number> {
    const { rows } = await db.execute<{ id: string }>(sql`
      update digest_sends set status = 'unknown', error = ${UNKNOWN_ERROR}
      where status = 'sending' and lease_until < now()
      returning id`);
    return rows.length;
  }

  async function sendOne(
    person: Candidate,
    sendId: string,
    runId: string,
    frequency: Exclude<DigestFrequency, 'off'>,
    since: Date,
    now: Date,
  ): Promise<Outcome | null> {
    const parts = await collect(person.id, since, now);
    // Nothing new (reminders alone are not news): nothing is sent this period.
    if (!parts.some((p) => p.news)) {
      await finish(sendId, 'skipped');
      return 'skipped';
    }
    const mail = compose(person, frequency, parts);
    // Recorded first: a death from here on leaves a row that is never sent again.
    if (!(await recordSending(sendId, runId))) return null;
    try {
      await mailer.send(mail);
    } catch (err) {
      logger.warn({ err, userId: person.id }, 'digest mail failed');
      const message = err instanceof Error ? err.message : String(err);
      // Refused or never connected: safe to try again later. Anything else may have been taken.
      if (mailSurelyNotSent(err)) await finish(sendId, 'failed', message);
      else await finish(sendId, 'unknown', `${UNKNOWN_ERROR} (${message})`);
      return 'failed';
    }
    await finish(sendId, 'sent');
    return 'sent';
  }

  async function round(now: Date): Promise<DigestRoundResult> {
    const result: DigestRoundResult = { sent: 0, skipped: 0, failed: 0 };
    let runId: string | null = null;
    const count = async (outcome: Outcome, n = 1) => {
      result[outcome] += n;
      if (!runId) {
        const [run] = await db.insert(digestRuns).values({}).returning({ id: digestRuns.id });
        runId = run!.id;
      }
      await db
        .update(digestRuns)
        .set({ [outcome]: sql`${digestRuns[outcome]} + ${n}` })
        .where(eq(digestRuns.id, runId));
    };
    try {
      // Digests a dead process was handing over count as failed, in the round that finds them.
      const unanswered = await giveUpUnanswered();
      if (unanswered) await count('failed', unanswered);
      for (const frequency of ['daily', 'weekly'] as const) {
        const start = periodStart(frequency, now);
        const since = new Date(start.getTime() - periodLength(frequency));
        for (let batch = 0; batch < BATCHES; batch++) {
          const due = await findDue(frequency, start, since);
          if (!due.length) break;
          if (!runId) {
            const [run] = await db.insert(digestRuns).values({}).returning({ id: digestRuns.id });
            runId = run!.id;
          }
          for (const person of due) {
            const sendId = await claim(person.id, frequency, start, runId);
            // Another process holds it (or has just finished it).
            if (!sendId) continue;
            const outcome = await sendOne(person, sendId, runId, frequency, since, now);
            if (outcome) await count(outcome);
          }
        }
      }
    } finally {
      if (runId)
        await db
          .update(digestRuns)
          .set({ finishedAt: sql`now()` })
          .where(eq(digestRuns.id, runId));
    }
    const old = sql`now() - make_interval(days => ${KEEP_DAYS})`;
    await db.delete(digestSends).where(lt(digestSends.createdAt, old));
    await db.delete(digestRuns).where(lt(digestRuns.startedAt, old));
    if (result.sent || result.failed) logger.info(result, 'digest round');
    return result;
  }

  let running: Promise<DigestRoundResult> | null = null;
  /** One round now (concurrent calls in this process share it); what it did. */
  function run(now = new Date()) {
    running ??= round(now)
      .catch((err: unknown) => {
        logger.warn({ err }, 'digest round failed');
        return { sent: 0, skipped: 0, failed: 0 };
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  // The first round a few minutes after start, so a restart loop does not run it on every boot.
  const first = opts.intervalMs > 0 ? setTimeout(() => void run(), 3 * 60_000) : null;
  const timer = opts.intervalMs > 0 ? setInterval(() => void run(), opts.intervalMs) : null;
  first?.unref();
  timer?.unref();
  return {
    run,
    async close() {
      if (first) clearTimeout(first);
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
export type DigestJob = ReturnType<typeof createDigestJob>;
