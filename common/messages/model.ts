import { mentionsToPlain } from '../core/mention-token';
import { BADGE_CAP } from './badge';
import { MESSAGE_SOUND_VOLUME } from './sound';

export { badgeText } from './badge';
/**
 * Direct messages: limits, texts, types. No zod here, so the
 * top bar can import it without the schema library; the schemas are in schemas.ts beside it.
 */
export const MESSAGING = {
  contentMax: 5000,
  /** The new-message sound's volume (0 to 1); Settings can switch the sound off. */
  soundVolume: MESSAGE_SOUND_VOLUME,
  /** Last-message preview in lists. */
  previewLength: 50,
  /** A time separator is shown in a thread when two messages are further apart than this. */
  separatorGapMs: 5 * 60_000,
  /** How long a typing indicator stays after the last keystroke event. */
  typingMs: 1000,
  /** The least time between two typing events a client sends. */
  typingThrottleMs: 700,
  threadPageSize: 30,
  threadPageMax: 100,
  conversationPageSize: 30,
  badgeCap: BADGE_CAP,
  /** Messages written offline that one browser keeps until the connection returns. */
  outboxMax: 50,
  /**
   * A chat counts as open for this long after its last read call; an open, visible chat repeats
   * the call every half of it. Meanwhile its partner's messages make no notification (issue 21).
   */
  chatViewingS: 90,
} as const;

/**
 * What an inquiry is about: a kind another area declares (its thing's name, e.g. an idea or a
 * page) and that thing's id. The messages area knows no kind; the area owning one answers for it.
 */
export type InquiryRef = { kind: string; id: string };

/** The chat with `partnerId`, where what is sent is about `about` (e.g. a business page's Message). */
export function inquiryChatPath(partnerId: string, about: InquiryRef): string {
  return `/messages?with=${partnerId}&about=${about.kind}:${about.id}`;
}

/** The `about` parameter of inquiryChatPath read back; null when it is not `<kind>:<id>`. */
export function parseInquiryParam(value: string | null): InquiryRef | null {
  const match = value?.match(/^([a-z][a-z_]{0,39}):([0-9a-f-]{36})$/i);
  return match ? { kind: match[1]!, id: match[2]!.toLowerCase() } : null;
}

export const MESSAGING_MSG = {
  /** Ours: what a message removed by an admin after a report says in its place. */
  removedByModerator: 'This message was removed by a moderator.',
  searchContacts: 'Search contacts...',
  noConversations: 'No conversations yet',
  selectConversation: 'Select a conversation to start chatting',
  typeMessage: 'Type a message...',
  logInToChat: 'Please log in to use chat.',
  searchConversations: 'Search conversations...',
  noMessages: 'No messages yet',
  noConversationsFound: 'No conversations found',
  startConversation: 'Start a conversation!',
  loadingMessages: 'Loading messages...',
  activeNow: 'Active now',
  businessInquiries: 'Business Inquiries',
  /** The top bar's button (issue 21): what it is, and a tooltip that says what it holds. */
  unknownUser: 'Unknown User',
  emptyMessage: 'Please type a message before sending.',
  tooLong: `Messages can be at most ${MESSAGING.contentMax.toLocaleString('en-US')} characters.`,
  cannotMessageSelf: "You can't send a message to yourself.",
  recipientNotFound: 'This person could not be found.',
  sendFailed: 'Failed to send message. Please try again.',
  noInquiries: 'No business inquiries yet',
  /** The tick of a message written offline, and the line above the box while any wait. */
  queued: 'Waiting to send',
  queuedCount: (n: number) =>
    n === 1
      ? '1 message is waiting in your outbox. It is sent when you are back online.'
      : `${n} messages are waiting in your outbox. They are sent when you are back online.`,
  outboxFull: `Your outbox is full (${MESSAGING.outboxMax} messages). Send them once you are back online.`,
} as const;

/** A person as chat shows them. */
export type ChatPerson = {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
  isOnline: boolean;
};

export type Message = {
  id: string;
  /** The sender's id for this message (optimistic rendering matches on it). */
  clientId: string | null;
  senderId: string;
  receiverId: string;
  content: string;
  read: boolean;
  readAt: string | null;
  createdAt: string;
  /** What the message is about when it is an inquiry; null for a plain message. */
  inquiry: InquiryRef | null;
  /** For inquiries: the title of what it is about, and where that is, at the time of sending. */
  metadata: MessageMetadata | null;
};

/** Kept with an inquiry when it is sent, so it reads the same after its subject changes or goes. */
export type MessageMetadata = { title?: string; link?: string };

/** One row of the contact list / messages dropdown (a conversation summary). */
export type ConversationSummary = {
  partner: ChatPerson;
  lastMessage: {
    id: string;
    senderId: string;
    /** Cut at MESSAGING.previewLength with an ellipsis. */
    preview: string;
    createdAt: string;
    read: boolean;
    /** The last message is an inquiry (about something of the receiver's). */
    isInquiry: boolean;
  };
  unreadCount: number;
};

export type ConversationPage = { items: ConversationSummary[]; nextCursor: string | null };

/** A page of a thread: newest first; `nextCursor` fetches older messages. */
export type ThreadPage = { partner: ChatPerson; items: Message[]; nextCursor: string | null };

export type UnreadCounts = { messages: number; inquiries: number };

export type BusinessInquiry = Message & { sender: ChatPerson };

/** The preview rule of the spec: first 50 characters, then an ellipsis. */
export function previewText(text: string, length: number = MESSAGING.previewLength): string {
  const flat = mentionsToPlain(text).replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}...` : flat;
}

/** What members may report here: the report's target type and how "Report this {label}" names it. */
export const MESSAGE_REPORT_TARGET = { type: 'message', label: 'message' } as const;

/** This area's live events, part of the realtime protocol's `ServerEvent` (keyed by `type`). */
declare module '../core/realtime' {
  interface AreaEvents {
    /** To the sender (every tab) and the receiver. */
    'message.created': { type: 'message.created'; message: Message };
    /**
     * `readerId` read the messages `partnerId` sent them: every one created at or before `readAt`
     * (`messageIds` lists them when there are few, else is empty). To both people.
     */
    'message.read': {
      type: 'message.read';
      readerId: string;
      partnerId: string;
      readAt: string;
      messageIds: string[];
    };
  }
}

/** The notifications this area sends (common/notifications/model.ts). */
declare module '../notifications/model' {
  interface AreaNotificationTypes {
    message: true;
  }
}
