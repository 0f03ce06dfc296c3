import {
  MESSAGING,
  MESSAGING_MSG,
  previewText,
  type ConversationPage,
  type ThreadPage,
} from '@common/messages/model';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, messages, profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { actorColumns } from '../notifications';
import { blockedSince, blocksAndOnline, receiptHidden, withReceiptShown } from './block-shield';
import { toMessage, toPerson, type MessagingDeps } from './message-rows';

/*
 * Reading messages: one message (for its sender or receiver only), a page of the thread with one
 * partner, newest first, and the viewer's conversation list, most recent first, filtered by the
 * partner's name or the kind of message. Who is online comes with each partner; across a block
 * neither presence nor the reading of one's messages shows (block-shield.ts).
 */

/** One message, only for its sender or receiver; anyone else gets "not found". */
export async function getMessage(db: Db, viewerId: string, id: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), or(eq(messages.senderId, viewerId), eq(messages.receiverId, viewerId))));
  if (!row) throw new AppError('NOT_FOUND', 'Message not found.');
  const message = toMessage(row);
  if (row.senderId !== viewerId || !row.read) return message;
  const blocked = await blockedSince(db, viewerId, [row.receiverId]);
  return withReceiptShown(message, viewerId, blocked.get(row.receiverId));
}

/** A page of the thread between the viewer and a partner: newest first, older pages by cursor. */
export async function getThread(
  deps: MessagingDeps,
  viewerId: string,
  partnerId: string,
  page: { cursor?: string; limit?: number },
): Promise<ThreadPage> {
  const { db } = deps;
  const limit = Math.min(page.limit ?? MESSAGING.threadPageSize, MESSAGING.threadPageMax);
  const [lo, hi] = viewerId < partnerId ? [viewerId, partnerId] : [partnerId, viewerId];
  const { cursor } = page;
  // The cursor is a message id of this same thread: the page continues from its (created_at, id).
  const before = cursor
    ? sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from messages m where m.id = ${cursor} and m.user_lo = ${lo} and m.user_hi = ${hi})`
    : undefined;
  // The partner, the page, the blocks and presence: asked side by side, one wait instead of four
  // one after the other (docs/scaling.md, eighth round). A partner not found is not shown anything.
  const [[partner], rows, { blocked, online }] = await Promise.all([
    db.select(actorColumns).from(profiles).where(eq(profiles.id, partnerId)),
    db
      .select()
      .from(messages)
      .where(and(eq(messages.userLo, lo), eq(messages.userHi, hi), before))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit + 1),
    blocksAndOnline(deps, viewerId, [partnerId]),
  ]);
  if (!partner) throw new AppError('NOT_FOUND', MESSAGING_MSG.recipientNotFound);
  const since = blocked.get(partnerId);
  const items = rows.slice(0, limit).map((r) => withReceiptShown(toMessage(r), viewerId, since));
  return {
    partner: toPerson(partner, partnerId, online),
    items,
    nextCursor: rows.length > limit ? items.at(-1)!.id : null,
  };
}

/** The viewer's conversations, most recent first, optionally filtered by the partner's name. */
export async function listConversations(
  deps: MessagingDeps,
  viewerId: string,
  page: { cursor?: string; limit?: number; q?: string },
): Promise<ConversationPage> {
  const { db } = deps;
  const limit = Math.min(page.limit ?? MESSAGING.conversationPageSize, 100);
  const { cursor } = page;
  const q = page.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const rows = await db
    .select({
      partnerId: conversations.partnerId,
      unreadCount: conversations.unreadCount,
      lastMessageAt: conversations.lastMessageAt,
      message: messages,
      partner: actorColumns,
    })
    .from(conversations)
    .innerJoin(messages, eq(messages.id, conversations.lastMessageId))
    .leftJoin(profiles, eq(profiles.id, conversations.partnerId))
    .where(
      and(
        eq(conversations.ownerId, viewerId),
        cursor
          ? sql`(${conversations.lastMessageAt}, ${conversations.partnerId}) < (select c.last_message_at, c.partner_id from conversations c where c.owner_id = ${viewerId} and c.partner_id = ${cursor})`
          : undefined,
        pattern
          ? or(sql`${profiles.username} ilike ${pattern}`, sql`${profiles.fullName} ilike ${pattern}`)
          : undefined,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.partnerId))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const partnerIds = shown.map((r) => r.partnerId);
  const { blocked, online } = await blocksAndOnline(deps, viewerId, partnerIds);
  return {
    items: shown.map((r) => ({
      partner: toPerson(r.partner, r.partnerId, online),
      lastMessage: {
        id: r.message.id,
        senderId: r.message.senderId,
        preview: previewText(r.message.content),
        createdAt: r.message.createdAt.toISOString(),
        read: r.message.read && !receiptHidden(r.message, viewerId, blocked.get(r.partnerId)),
        isInquiry: r.message.inquiryKind !== null,
      },
      unreadCount: r.unreadCount,
    })),
    nextCursor: rows.length > limit ? shown.at(-1)!.partnerId : null,
  };
}
