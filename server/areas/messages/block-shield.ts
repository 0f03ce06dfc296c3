import type { Message } from '@common/messages/model';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks } from '../../db/schema';
import type { MessagingDeps } from './message-rows';

/*
 * What a block hides in chat, both ways (issue 13): whether the other person is online, and when
 * they read what one sent them. Messages themselves stay readable (the thread is the viewer's
 * own), but from the moment either blocks the other, neither learns the other's presence nor
 * their reading. The live side is the presence topic's authoriser (platform/realtime.ts) and the
 * message.read event's hideFromBlockedWith (read-receipts.service.ts); this is the API's side.
 */

/** For each of these partners who blocks the viewer or is blocked by them: since when (the earliest). */
export async function blockedSince(db: Db, viewerId: string, partnerIds: string[]) {
  const since = new Map<string, Date>();
  const ids = [...new Set(partnerIds)];
  if (!ids.length) return since;
  const rows = await db
    .select({ blocker: blocks.blockerId, blocked: blocks.blockedId, at: blocks.createdAt })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, viewerId), inArray(blocks.blockedId, ids)),
        and(eq(blocks.blockedId, viewerId), inArray(blocks.blockerId, ids)),
      ),
    );
  for (const r of rows) {
    const partner = r.blocker === viewerId ? r.blocked : r.blocker;
    const known = since.get(partner);
    if (!known || r.at < known) since.set(partner, r.at);
  }
  return since;
}

/**
 * SQL: when a block between the viewer and the partner (an expression of the caller's statement)
 * began, the earliest if each blocks the other; null when none stands. blockedSince's answer for one
 * partner, as a column of a statement that reads the partner anyway.
 */
export function blockedSinceSql(viewerId: string, partner: SQL): SQL {
  return sql`(select min(b.created_at) from blocks b
    where (b.blocker_id = ${viewerId} and b.blocked_id = ${partner})
      or (b.blocker_id = ${partner} and b.blocked_id = ${viewerId}))`;
}

/** Which of these partners the viewer is shown online: nobody across a block. */
export async function onlineShown(deps: MessagingDeps, partnerIds: string[], blocked: Map<string, Date>) {
  const online = await deps.onlineAmong(partnerIds.filter((id) => !blocked.has(id)));
  for (const id of blocked.keys()) online.delete(id);
  return online;
}

/**
 * Was this message, sent by the viewer, read across a block (so its receipt is hidden)? Either a
 * block stands and it was read after the block began, or it was read while a block stood: such a
 * read is stored without its time (read-receipts.service.ts), so it stays hidden once the block is
 * lifted (issue 26).
 */
export function receiptHidden(
  m: { senderId: string; readAt: Date | string | null },
  viewerId: string,
  since: Date | undefined,
): boolean {
  if (m.senderId !== viewerId) return false;
  return m.readAt === null || (since !== undefined && new Date(m.readAt) >= since);
}

/** The message as its sender may see it: unread if it was read only after a block began. */
export function withReceiptShown(message: Message, viewerId: string, since: Date | undefined): Message {
  return receiptHidden(message, viewerId, since) ? { ...message, read: false, readAt: null } : message;
}
