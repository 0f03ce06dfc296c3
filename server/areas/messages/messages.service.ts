import {
  MESSAGING,
  MESSAGING_MSG,
  type BusinessInquiry,
  type Message,
  type MessageMetadata,
} from '@common/messages/model';
import { MESSAGE_REPORT_TARGET } from '@common/messages/model';
import { INQUIRY_MSG, type ZSendMessage } from '@common/messages/schemas';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import type { ServerEvent } from '@common/core/realtime';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { messages, profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Envelope } from '../../platform/bus';
import {
  actorColumns,
  notificationEnvelope,
  notifyMentions,
  notificationFromRow,
  notificationInsertSql,
  type RawNotification,
} from '../notifications';
import { canMessage, getInquiryKind, type InquiryTarget } from '../../platform/policies';
import { blockedSince, onlineShown } from './block-shield';
import { fromRaw, toMessage, toPerson, type MessagingDeps, type RawMessage } from './message-rows';

/*
 * Sending a message: a plain one or an inquiry about a thing of the receiver's, of a kind another
 * area declares and answers for (docs/decisions/036), stored with both people's conversation rows and the receiver's notification in
 * one transaction and published once committed, a retried send answered with the stored message.
 * Also the message.created event and its loader for other processes, and the inquiries a person
 * received. Reading threads is in threads.service.ts, read receipts in read-receipts.service.ts.
 */

/** A messages row as a raw query returns it (snake_case). */
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
  // Who they are and whether the sender may write to them: both asked at once.
  const [people, allowed] = await Promise.all([
    db
      .select(actorColumns)
      .from(profiles)
      .where(inArray(profiles.id, [senderId, input.receiverId])),
    canMessage(db, senderId, input.receiverId),
  ]);
  const sender = people.find((p) => p.id === senderId);
  const receiver = people.find((p) => p.id === input.receiverId);
  if (!receiver || !sender) throw new AppError('NOT_FOUND', MESSAGING_MSG.recipientNotFound);
  if (!allowed) throw new AppError('FORBIDDEN', "You can't message this person.");

  const name = sender.fullName || sender.username;
  // An inquiry: the area owning its kind says what the thing is, as this sender sees it, and whose.
  const about = input.inquiry ?? null;
  let inquiry: { metadata: MessageMetadata; notice: ReturnType<InquiryTarget['notice']> } | null = null;
  if (about) {
    const kind = getInquiryKind(about.kind);
    if (!kind) {
      throw new AppError('VALIDATION', INQUIRY_MSG.unknownKind(about.kind), {
        inquiry: INQUIRY_MSG.unknownKind(about.kind),
      });
    }
    const target = await kind.find(db, senderId, about.id);
    if (!target || target.ownerId !== receiver.id) throw new AppError('VALIDATION', kind.notFound);
    inquiry = { metadata: { title: target.title, link: target.link }, notice: target.notice(name) };
  }

  const link = `/messages?with=${senderId}`;
  const notice = inquiry
    ? { ...inquiry.notice, data: { senderId, ...inquiry.notice.data }, groupKey: null }
    : {
        type: 'message' as const,
        title: NOTIFICATION_TEXT.message.title,
        message: NOTIFICATION_TEXT.message.text(name),
        data: { senderId },
        groupKey: `message:${senderId}`,
      };
  // A plain message to someone who has this chat open makes no notification: they are reading it.
  const whileOpen = !inquiry
    ? sql` where not exists (select 1 from conversations o where o.owner_id = ${receiver.id}::uuid
          and o.partner_id = ${senderId}::uuid
          and o.viewed_at > now() - make_interval(secs => ${MESSAGING.chatViewingS}))`
    : sql``;
  const notification = notificationInsertSql(
    { userId: receiver.id, actorId: senderId, link, ...notice, relatedId: sql`m.id` },
    sql`m${whileOpen}`,
  );
  // One statement, so one round trip and atomic without a transaction around it: the message,
  // both people's conversation rows and the receiver's notification (folded into their unread one
  // from this sender). The conversation rows go in key order, so two people writing to each other
  // cannot deadlock. A retry (the same sender and client id) inserts nothing: no row comes back.
  const inserted = await db.execute<RawMessage & { notification: RawNotification | null }>(sql`
    with m as (
      insert into messages (sender_id, receiver_id, content, client_id, inquiry_kind, inquiry_id, metadata)
      values (${senderId}, ${receiver.id}, ${input.content}, ${input.clientId}, ${about?.kind ?? null},
              ${about?.id ?? null}, ${inquiry ? JSON.stringify(inquiry.metadata) : null}::jsonb)
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
    ), n as (${notification})
    select m.*, (select to_json(n) from n) as notification from m`);
  const raw = inserted.rows[0];
  const result = raw && {
    row: fromRaw(raw),
    notification: raw.notification && notificationFromRow(raw.notification, sender),
  };

  if (!result) {
    const stored = await findByClientId(db, senderId, input.clientId);
    if (!stored) throw new AppError('INTERNAL');
    return { message: stored, created: false };
  }
  const message = toMessage(result.row);
  const envelopes = [messageEnvelope(message)];
  if (result.notification) envelopes.push(notificationEnvelope(receiver.id, result.notification));
  deps.bus.publish(...envelopes);
  // Only the two people read a message: a third person mentioned is not told; the receiver has
  // the message's own notification.
  await notifyMentions(deps, {
    kind: MESSAGE_REPORT_TARGET.type,
    contentId: message.id,
    authorId: senderId,
    text: input.content,
    link,
    alreadyTold: [receiver.id],
  });
  return { message, created: true };
}

async function findByClientId(db: Db, senderId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row ? toMessage(row) : null;
}

/** Inquiries the viewer received (about things of theirs), newest first. */
export async function listInquiries(
  deps: MessagingDeps,
  viewerId: string,
): Promise<{ items: BusinessInquiry[] }> {
  const rows = await deps.db
    .select({ message: messages, sender: actorColumns })
    .from(messages)
    .leftJoin(profiles, eq(profiles.id, messages.senderId))
    .where(and(eq(messages.receiverId, viewerId), isNotNull(messages.inquiryKind)))
    .orderBy(desc(messages.createdAt))
    .limit(50);
  const senderIds = rows.map((r) => r.message.senderId);
  const online = await onlineShown(deps, senderIds, await blockedSince(deps.db, viewerId, senderIds));
  return {
    items: rows.map((r) => ({
      ...toMessage(r.message),
      sender: toPerson(r.sender, r.message.senderId, online),
    })),
  };
}
