import { mentions, notifications } from '../../db/schema/notifications';
import type { DemoContext, DemoNotice } from '../../platform/demo';

/*
 * The demo community's notifications: what the other parts asked for (ctx.notify), written once
 * every part is done, in time order and folded as createNotification folds them: a notice with
 * the same group key as the person's notification that was still unread at that moment joins it
 * (its text and time become the newer one's). Nothing waits for mail: the demo history was mailed
 * long ago.
 */

type Row = typeof notifications.$inferInsert & { createdAt: Date; updatedAt: Date; readAt: Date | null };

export async function demo(ctx: DemoContext): Promise<void> {
  ctx.afterwards(() => writeNotices(ctx));
}

async function writeNotices(ctx: DemoContext) {
  const notices = ctx.notices
    .map((n, order) => ({ n, order }))
    .sort((x, y) => x.n.at.getTime() - y.n.at.getTime() || x.order - y.order)
    .map(({ n }) => n);
  const rows: Row[] = [];
  const open = new Map<string, Row>();
  for (const n of notices) {
    if (n.actorId === n.userId) continue;
    const key = n.groupKey ? `${n.userId}|${n.groupKey}` : null;
    const row = key ? open.get(key) : undefined;
    const fields = fieldsOf(n);
    if (row && (row.readAt === null || row.readAt > n.at)) {
      Object.assign(row, fields, { updatedAt: n.at, readAt: n.readAt });
      continue;
    }
    const made: Row = {
      id: ctx.uuid(),
      userId: n.userId,
      type: n.type,
      groupKey: n.groupKey,
      ...fields,
      createdAt: n.at,
      updatedAt: n.at,
      readAt: n.readAt,
    };
    rows.push(made);
    if (key) open.set(key, made);
  }
  const values = rows.map(({ readAt, ...row }) => ({ ...row, read: readAt !== null, emailPending: false }));
  for (let i = 0; i < values.length; i += 500)
    await ctx.db.insert(notifications).values(values.slice(i, i + 500));
  ctx.count('notifications', values.length);
  // Who was told of a mention, so editing the text would not tell them again (as notifyMentions keeps it).
  const told = notices
    .filter((n) => n.type === 'mention' && n.actorId !== n.userId)
    .map((n) => ({
      contentKind: String(n.data.contentKind),
      contentId: String(n.data.contentId),
      userId: n.userId,
      authorId: n.actorId,
      createdAt: n.at,
    }));
  if (told.length) await ctx.db.insert(mentions).values(told).onConflictDoNothing();
  ctx.count('mentions', told.length);
  ctx.count('unread notifications', values.filter((v) => !v.read).length);
}

/** What a folded notification takes from the newer notice (as the service's upsert sets them). */
function fieldsOf(n: DemoNotice) {
  return {
    actorId: n.actorId,
    title: n.title,
    message: n.message,
    link: n.link,
    relatedId: n.relatedId,
    data: n.data,
  };
}
