import { MESSAGING_MSG, type ChatPerson, type Message, type MessageMetadata } from '@common/messages/model';
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

/** A messages row as a raw statement returns it (snake_case; timestamps as text or dates). */
export type RawMessage = {
  id: string;
  sender_id: string;
  receiver_id: string;
  user_lo: string;
  user_hi: string;
  content: string;
  read: boolean;
  read_at: Date | string | null;
  created_at: Date | string;
  inquiry_kind: string | null;
  inquiry_id: string | null;
  metadata: MessageMetadata | string | null;
  client_id: string | null;
};

export function fromRaw(r: RawMessage): MessageRow {
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
    inquiryKind: r.inquiry_kind,
    inquiryId: r.inquiry_id,
    metadata: typeof r.metadata === 'string' ? (JSON.parse(r.metadata) as MessageMetadata) : r.metadata,
    clientId: r.client_id,
  };
}
