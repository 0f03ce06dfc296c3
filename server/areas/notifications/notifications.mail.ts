import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users, userSettings } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../platform/email';
import { mailLayout } from '../../platform/mail-layout';

/**
 * Mail for notifications, batched: a notification waits `delayMs` (so a burst gathers), then each
 * person gets one mail listing what is still unread. Claiming rows with UPDATE ... RETURNING makes
 * two app processes never send the same notification twice.
 */
export function createNotificationMailer(opts: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  baseUrl: string;
  delayMs: number;
  intervalMs: number;
}) {
  const { db, mailer, logger, baseUrl } = opts;
  let running: Promise<number> | null = null;

  async function sendDue(): Promise<number> {
    const due = await db
      .selectDistinct({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          eq(notifications.emailPending, true),
          lt(notifications.updatedAt, sql`now() - make_interval(secs => ${opts.delayMs / 1000})`),
        ),
      )
      .limit(200);
    let sent = 0;
    for (const { userId } of due) {
      const claimed = await db
        .update(notifications)
        .set({ emailPending: false })
        .where(and(eq(notifications.userId, userId), eq(notifications.emailPending, true)))
        .returning();
      const unread = claimed.filter((n) => !n.read).sort((a, b) => +b.updatedAt - +a.updatedAt);
      if (!unread.length) continue;
      const [user] = await db
        .select({
          email: users.email,
          mailOn: sql<boolean>`coalesce(${userSettings.emailNotifications}, true)`,
        })
        .from(users)
        .leftJoin(userSettings, eq(userSettings.userId, users.id))
        .where(eq(users.id, userId));
      // The switch may have been turned off since these were queued.
      if (!user?.mailOn) continue;
      const subject =
        unread.length === 1
          ? `${unread[0]!.title}: ${unread[0]!.message}`
          : `You have ${unread.length} new notifications on Cofound`;
      const lines = unread
        .slice(0, 20)
        .map((n) => `${n.title}: ${n.message}${n.link ? ` (${baseUrl}${n.link})` : ''}`);
      const settings = `${baseUrl}/settings?tab=notifications`;
      try {
        await mailer.send({
          to: user.email,
          subject,
          text: [
            ...lines,
            '',
            `See them all: ${baseUrl}/notifications`,
            '',
            `Turn these emails off in Settings: ${settings}`,
          ].join('\n'),
          html: mailLayout(
            unread.length === 1 ? unread[0]!.title : `${unread.length} new notifications`,
            [...lines, `You can turn these emails off in Settings, Notifications: ${settings}`],
            { label: 'Open notifications', url: `${baseUrl}/notifications` },
          ),
        });
        sent++;
      } catch (err) {
        logger.warn({ err, userId }, 'notification mail failed');
      }
    }
    return sent;
  }

  /** Send what is due now; concurrent calls share one run. Returns the number of mails sent. */
  function flush() {
    running ??= sendDue()
      .catch((err: unknown) => {
        logger.warn({ err }, 'notification mail run failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = opts.intervalMs > 0 ? setInterval(() => void flush(), opts.intervalMs) : null;
  timer?.unref();
  return {
    flush,
    async close() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
export type NotificationMailer = ReturnType<typeof createNotificationMailer>;
