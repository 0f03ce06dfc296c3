import {
  MESSAGING,
  MESSAGING_MSG,
  previewText,
  type BusinessInquiry,
  type ChatPerson,
  type ConversationPage,
  type Message,
  type MessageType,
  type ThreadPage,
  type UnreadCounts,
} from '@common/messages/model';
import type { ZSendMessage } from '@common/messages/schemas';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import type { ServerEvent } from '@common/core/realtime';
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { conversations, messages, profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Bus, Envelope } from '../../platform/bus';
import {
  actorColumns,
  createNotification,
  markGroupRead,
  notificationEnvelope,
} from '../notifications';
import { canMessage, getInquiryTarget } from '../../platform/policies';

export type MessagingDeps = {
  db: Db;
  bus: Bus;
  /** Which of these people are online (the realtime layer). */
  onlineAmong(ids: string[]): Promise<Set<string>>;
};

type MessageRow = typeof messages.$inferSelect;
type PersonRow = { id: string; username: string; fullName: string | null; avatarUrl: string | null };

/** A messages row as a raw query returns it (snake_case). */
type RawMessage = {
  id: string;
  sender_id: string;
  receiver_id: string;
  user_lo: string;
  user_hi: string;
  content: string;
  read: boolean;
  read_at: Date | string | null;
  created_at: Date | string;
  message_type: MessageType;
  business_idea_id: string | null;
  business_page_id: string | null;
  metadata: { title?: string } | string | null;
  client_id: string | null;
};

function fromRaw(r: RawMessage): MessageRow {
  return {
    id: r.id,
    senderId: r.sender_id,
    receiverId: r.receiver_id,
    userLo: r.user_lo,
    userHi: r.user_hi,
    content: r.content,
    read: r.read,
    readAt: r.read_at === null ? null : new Date(r.read_at),
    createdAt: new Date(r.created_at),
    messageType: r.message_type,
    businessIdeaId: r.business_idea_id,
    businessPageId: r.business_page_id,
    metadata: typeof r.metadata === 'string' ? (JSON.parse(r.metadata) as { title?: string }) : r.metadata,
    clientId: r.client_id,
  };
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    clientId: row.clientId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    read: row.read,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    messageType: row.messageType,
    businessIdeaId: row.businessIdeaId,
    businessPageId: row.businessPageId,
    metadata: row.metadata ?? null,
  };
}

function toPerson(row: PersonRow | null | undefined, id: string, online: Set<string>): ChatPerson {
  return {
    id,
    username: row?.username ?? MESSAGING_MSG.unknownUser,
    fullName: row?.fullName ?? null,
    avatarUrl: row?.avatarUrl ?? null,
    isOnline: online.has(id),
  };
}

/** The message.created event, for the sender's and the receiver's connections. */
export function messageEnvelope(message: Message): Envelope {
  return {
    to: [message.senderId, message.receiverId],
    event: { type: 'message.created', message },
    ref: { loader: 'message', id: message.id },
  };
}

/** Another process loads a long message from the database instead of the NOTIFY payload. */
export function messageLoader(db: Db) {
  return async (id: string): Promise<ServerEvent | null> => {
    const [row] = await db.select().from(messages).where(eq(messages.id, id));
    return row ? { type: 'message.created', message: toMessage(row) } : null;
  };
}

/**
 * Store a message, keep both people's conversation rows, notify the receiver; then, once committed,
 * publish. The same sender and clientId again returns the stored message (created: false).
 */
export async function sendMessage(
  deps: MessagingDeps,
  senderId: string,
  input: z.output<typeof ZSendMessage>,
): Promise<{ message: Message; created: boolean }> {
  const { db } = deps;
  if (input.receiverId === senderId) {
    throw new AppError('VALIDATION', MESSAGING_MSG.cannotMessageSelf, {
      receiverId: MESSAGING_MSG.cannotMessageSelf,
    });
  }
  const people = await db
    .select(actorColumns)
    .from(profiles)
    .where(inArray(profiles.id, [senderId, input.receiverId]));
  const sender = people.find((p) => p.id === senderId);
  const receiver = people.find((p) => p.id === input.receiverId);
  if (!receiver || !sender) throw new AppError('NOT_FOUND', MESSAGING_MSG.recipientNotFound);
  if (!(await canMessage(db, senderId, receiver.id)))
    throw new AppError('FORBIDDEN', "You can't message this person.");

  let metadata: { title?: string } | null = null;
  let businessIdeaId: string | null = null;
  let businessPageId: string | null = null;
  if (input.messageType !== 'general') {
    const id = input.messageType === 'business_inquiry' ? input.businessIdeaId : input.businessPageId;
    const find = getInquiryTarget(input.messageType);
    const target = id && find ? await find(db, id) : null;
    const unknown =
      input.messageType === 'business_inquiry'
        ? MESSAGING_MSG.unknownBusinessIdea
        : MESSAGING_MSG.unknownBusinessPage;
    if (!target || target.ownerId !== receiver.id) throw new AppError('VALIDATION', unknown);
    metadata = { title: target.title };
    if (input.messageType === 'business_inquiry') businessIdeaId = id!;
    else businessPageId = id!;
  }

  const name = sender.fullName || sender.username;
  const result = await db.transaction(async (tx) => {
    // The message and both people's conversation rows in one statement (one round trip). The
    // conversation rows go in key order, so two people writing to each other cannot deadlock.
    const inserted = await tx.execute<RawMessage>(sql`
      with m as (
        insert into messages (sender_id, receiver_id, content, client_id, message_type,
                              business_idea_id, business_page_id, metadata)
        values (${senderId}, ${receiver.id}, ${input.content}, ${input.clientId}, ${input.messageType},
                ${businessIdeaId}, ${businessPageId}, ${metadata ? JSON.stringify(metadata) : null}::jsonb)
        on conflict (sender_id, client_id) do nothing
        returning *
      ), c as (
        insert into conversations (owner_id, partner_id, last_message_id, last_message_at, unread_count)
        select v.owner_id, v.partner_id, m.id, m.created_at, v.unread
        from m cross join (values (${senderId}::uuid, ${receiver.id}::uuid, 0),
                                  (${receiver.id}::uuid, ${senderId}::uuid, 1)) as v (owner_id, partner_id, unread)
        order by v.owner_id
        on conflict (owner_id, partner_id) do update set
          last_message_id = excluded.last_message_id,
          last_message_at = excluded.last_message_at,
          unread_count = conversations.unread_count + excluded.unread_count
      )
      select * from m`);
    const raw = inserted.rows[0];
    // The same client id is already stored (a retry): answer with that message.
    if (!raw) return null;
    const row = fromRaw(raw);

    const link = `/messages?with=${senderId}`;
    const notification =
      input.messageType === 'general'
        ? await createNotification(tx, {
            userId: receiver.id,
            actorId: senderId,
            type: 'message',
            title: NOTIFICATION_TEXT.message.title,
            message: NOTIFICATION_TEXT.message.text(name),
            link,
            relatedId: row.id,
            data: { senderId },
            groupKey: `message:${senderId}`,
            actor: sender,
          })
        : await createNotification(tx, {
            userId: receiver.id,
            actorId: senderId,
            type: input.messageType === 'business_inquiry' ? 'business_inquiry' : 'business_action',
            title:
              input.messageType === 'business_inquiry'
                ? NOTIFICATION_TEXT.businessInquiry.title
                : NOTIFICATION_TEXT.businessAction.title,
            message:
              input.messageType === 'business_inquiry'
                ? NOTIFICATION_TEXT.businessInquiry.text(name, metadata?.title ?? '')
                : `${name} sent a message about your business page "${metadata?.title ?? ''}"`,
            link,
            relatedId: row.id,
            data: {
              senderId,
              ...(businessIdeaId ? { businessIdeaId, businessIdeaTitle: metadata?.title } : {}),
              ...(businessPageId ? { businessId: businessPageId } : {}),
            },
            actor: sender,
          });
    return { row, notification };
  });

  if (!result) {
    const stored = await findByClientId(db, senderId, input.clientId);
    if (!stored) throw new AppError('INTERNAL');
    return { message: stored, created: false };
  }
  const message = toMessage(result.row);
  const envelopes = [messageEnvelope(message)];
  if (result.notification) envelopes.push(notificationEnvelope(receiver.id, result.notification));
  deps.bus.publish(...envelopes);
  return { message, created: true };
}

async function findByClientId(db: Db, senderId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row ? toMessage(row) : null;
}

/** One message, only for its sender or receiver; anyone else gets "not found". */
export async function getMessage(db: Db, viewerId: string, id: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), or(eq(messages.senderId, viewerId), eq(messages.receiverId, viewerId))));
  if (!row) throw new AppError('NOT_FOUND', 'Message not found.');
  return toMessage(row);
}

/** A page of the thread between the viewer and a partner: newest first, older pages by cursor. */
export async function getThread(
  deps: MessagingDeps,
  viewerId: string,
  partnerId: string,
  page: { cursor?: string; limit?: number },
): Promise<ThreadPage> {
  const { db } = deps;
  const [partner] = await db.select(actorColumns).from(profiles).where(eq(profiles.id, partnerId));
  if (!partner) throw new AppError('NOT_FOUND', MESSAGING_MSG.recipientNotFound);
  const limit = Math.min(page.limit ?? MESSAGING.threadPageSize, MESSAGING.threadPageMax);
  const [lo, hi] = viewerId < partnerId ? [viewerId, partnerId] : [partnerId, viewerId];
  const { cursor } = page;
  // The cursor is a message id of this same thread: the page continues from its (created_at, id).
  const before = cursor
    ? sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from messages m where m.id = ${cursor} and m.user_lo = ${lo} and m.user_hi = ${hi})`
    : undefined;
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.userLo, lo), eq(messages.userHi, hi), before))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(toMessage);
  const online = await deps.onlineAmong([partnerId]);
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
  page: { cursor?: string; limit?: number; q?: string; type?: MessageType },
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
        page.type ? eq(messages.messageType, page.type) : undefined,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.partnerId))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const online = await deps.onlineAmong(shown.map((r) => r.partnerId));
  return {
    items: shown.map((r) => ({
      partner: toPerson(r.partner, r.partnerId, online),
      lastMessage: {
        id: r.message.id,
        senderId: r.message.senderId,
        preview: previewText(r.message.content),
        createdAt: r.message.createdAt.toISOString(),
        read: r.message.read,
        messageType: r.message.messageType,
      },
      unreadCount: r.unreadCount,
    })),
    nextCursor: rows.length > limit ? shown.at(-1)!.partnerId : null,
  };
}

export async function countUnreadMessages(db: Db, viewerId: string): Promise<UnreadCounts> {
  const [row] = await db
    .execute<{ messages: number; inquiries: number }>(
      sql`
    select
      (select coalesce(sum(unread_count), 0)::int from conversations where owner_id = ${viewerId}) as messages,
      (select count(*)::int from messages where receiver_id = ${viewerId} and not read and message_type <> 'general') as inquiries
  `,
    )
    .then((r) => r.rows);
  return { messages: row?.messages ?? 0, inquiries: row?.inquiries ?? 0 };
}

/**
 * The viewer opened the thread: every message the partner sent them is read, the conversation's
 * unread count is zero, and the "New Message" notification from that partner is read too.
 */
export async function markThreadRead(deps: MessagingDeps, viewerId: string, partnerId: string) {
  const result = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(messages)
      .set({ read: true, readAt: sql`now()` })
      .where(
        and(eq(messages.receiverId, viewerId), eq(messages.senderId, partnerId), eq(messages.read, false)),
      )
      .returning({ id: messages.id, createdAt: messages.createdAt, readAt: messages.readAt });
    if (!rows.length) return null;
    await tx
      .update(conversations)
      .set({ unreadCount: 0 })
      .where(and(eq(conversations.ownerId, viewerId), eq(conversations.partnerId, partnerId)));
    const notificationIds = await markGroupRead(tx, viewerId, `message:${partnerId}`);
    return { rows, notificationIds };
  });
  if (!result) return { updated: 0 };
  publishRead(deps.bus, viewerId, partnerId, result.rows, result.notificationIds);
  return { updated: result.rows.length };
}

/** Mark one received message read (the receiver only). */
export async function markMessageRead(deps: MessagingDeps, viewerId: string, id: string) {
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: messages.id, senderId: messages.senderId, read: messages.read })
      .from(messages)
      .where(and(eq(messages.id, id), eq(messages.receiverId, viewerId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'Message not found.');
    if (row.read) return null;
    const [updated] = await tx
      .update(messages)
      .set({ read: true, readAt: sql`now()` })
      .where(eq(messages.id, id))
      .returning({ id: messages.id, createdAt: messages.createdAt, readAt: messages.readAt });
    await tx
      .update(conversations)
      .set({ unreadCount: sql`greatest(${conversations.unreadCount} - 1, 0)` })
      .where(and(eq(conversations.ownerId, viewerId), eq(conversations.partnerId, row.senderId)));
    return { senderId: row.senderId, rows: [updated!] };
  });
  if (result) publishRead(deps.bus, viewerId, result.senderId, result.rows, []);
  return { updated: result ? 1 : 0 };
}

function publishRead(
  bus: Bus,
  readerId: string,
  partnerId: string,
  rows: { id: string; createdAt: Date; readAt: Date | null }[],
  notificationIds: string[],
) {
  const upTo = rows.reduce((max, r) => (r.createdAt > max ? r.createdAt : max), rows[0]!.createdAt);
  // Ids only for a small batch (the NOTIFY payload is small); the time covers the rest.
  const envelopes: Envelope[] = [
    {
      to: [readerId, partnerId],
      event: {
        type: 'message.read',
        readerId,
        partnerId,
        readAt: upTo.toISOString(),
        messageIds: rows.length <= 40 ? rows.map((r) => r.id) : [],
      },
    },
  ];
  if (notificationIds.length)
    envelopes.push({ to: [readerId], event: { type: 'notification.read', ids: notificationIds } });
  bus.publish(...envelopes);
}

/** Inquiries the viewer received (business ideas and pages), newest first. */
export async function listInquiries(
  deps: MessagingDeps,
  viewerId: string,
): Promise<{ items: BusinessInquiry[] }> {
  const rows = await deps.db
    .select({ message: messages, sender: actorColumns })
    .from(messages)
    .leftJoin(profiles, eq(profiles.id, messages.senderId))
    .where(and(eq(messages.receiverId, viewerId), ne(messages.messageType, 'general')))
    .orderBy(desc(messages.createdAt))
    .limit(50);
  const online = await deps.onlineAmong(rows.map((r) => r.message.senderId));
  return {
    items: rows.map((r) => ({
      ...toMessage(r.message),
      sender: toPerson(r.sender, r.message.senderId, online),
    })),
  };
}
