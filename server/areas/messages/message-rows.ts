import { MESSAGING_MSG, type ChatPerson, type Message } from '@common/messages/model';
import type { Db } from '../../db/client';
import type { messages } from '../../db/schema';
import type { Bus } from '../../platform/bus';

/*
 * What the messages services share: their dependencies (the database, the bus and who is online),
 * and how a stored message and a chat partner are answered. A partner whose profile is gone is
 * shown as an unknown member rather than dropped, so their messages stay readable.
 */

export type MessagingDeps = {
  db: Db;
  bus: Bus;
  /** Which of these people are online (the realtime layer). */
  onlineAmong(ids: string[]): Promise<Set<string>>;
};

export type MessageRow = typeof messages.$inferSelect;
type PersonRow = { id: string; username: string; fullName: string | null; avatarUrl: string | null };

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
    inquiry: row.inquiryKind && row.inquiryId ? { kind: row.inquiryKind, id: row.inquiryId } : null,
    metadata: row.metadata ?? null,
  };
}

export function toPerson(row: PersonRow | null | undefined, id: string, online: Set<string>): ChatPerson {
  return {
    id,
    username: row?.username ?? MESSAGING_MSG.unknownUser,
    fullName: row?.fullName ?? null,
    avatarUrl: row?.avatarUrl ?? null,
    isOnline: online.has(id),
  };
}
