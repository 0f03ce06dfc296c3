/** Notifications. Shared by the server and the web app. */
/**
 * The kinds of notification, declared by the areas that send them: each adds its own from its
 * common model with `declare module '../notifications/model' { interface AreaNotificationTypes { poll_vote: true } }`,
 * registers it at boot (ctx.registerNotificationType; createNotification refuses any other) and
 * gives its icon in its web module (`notificationIcons`). The notifications area knows no area;
 * the contract test fails when a declared type has no registered owner or no icon.
 */
export interface AreaNotificationTypes {
  /** The notifications area's own: someone named you in a text (server/platform/mentions.ts). */
  mention: true;
}
export type NotificationType = keyof AreaNotificationTypes & string;

export { countsOnBell } from './bell';

export const NOTIFICATIONS_MSG = {
  title: 'Notifications',
  markAllRead: 'Mark all as read',
  markAllReadCount: (n: number) => `Mark all as read (${n})`,
  loading: 'Loading...',
  noneYet: 'No notifications yet',
  viewAll: 'View all notifications',
  pageEmpty: 'You have no notifications',
} as const;

/** How long a content title may be inside a notification's text before it is cut with '...'. */
export const NOTIFIED_TITLE_MAX = 40;

/** A content title as notifications quote it (issue 21): "'What I learned...'". */
export function quoteTitle(title: string): string {
  const t = title.trim().replace(/\s+/g, ' ');
  return `'${t.length > NOTIFIED_TITLE_MAX ? `${t.slice(0, NOTIFIED_TITLE_MAX - 3).trimEnd()}...` : t}'`;
}

/**
 * Titles and texts the spec gives; other areas add theirs through the notifications service. With
 * the content's title (issue 21) the text names the thing: "Bob commented on your article 'What I
 * learned...'"; without one, the spec's words.
 */
export const NOTIFICATION_TEXT = {
  message: { title: 'New Message', text: (name: string) => `${name} sent you a message` },
  connectionRequest: {
    title: 'New Connection Request',
    text: (name: string) => `${name} sent you a friend request`,
  },
  reaction: {
    title: 'New Reaction',
    text: (name: string, contentType: string, title?: string | null) =>
      `${name} reacted to your ${contentType}${title ? ` ${quoteTitle(title)}` : ''}`,
  },
  comment: {
    title: 'New Comment',
    text: (name: string, contentType?: string, title?: string | null) =>
      contentType && title
        ? `${name} commented on your ${contentType} ${quoteTitle(title)}`
        : `${name} commented on your post`,
  },
  /** Not in the spec: the author of a comment someone replied to (the owner gets `comment`). */
  reply: {
    title: 'New Comment',
    text: (name: string, title?: string | null) =>
      `${name} replied to your comment${title ? ` on ${quoteTitle(title)}` : ''}`,
  },
  businessInquiry: {
    title: 'New Business Inquiry',
    text: (name: string, title: string) => `${name} is interested in your business idea "${title}"`,
  },
  groupAction: { title: 'Group Activity' },
  businessAction: { title: 'Business Activity' },
} as const;

export type NotificationActor = {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
};

export type Notification = {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  read: boolean;
  /** Where clicking it goes (an app path), or null. */
  link: string | null;
  relatedId: string | null;
  data: Record<string, unknown>;
  actor: NotificationActor | null;
  createdAt: string;
  updatedAt: string;
};

export type NotificationPage = { items: Notification[]; nextCursor: string | null; unreadCount: number };

/** Web Push (docs/decisions/016): what the Settings switch and the API say. */
export const PUSH_MSG = {
  unsupported: 'This browser cannot show push notifications, so the switch stays off.',
  denied:
    'Notifications are blocked for this site in your browser. Allow them in the browser’s site settings, then turn the switch on again.',
  dismissed: 'Push notifications stay off: the browser did not get your permission.',
  failed: 'Push notifications could not be turned on. Please try again.',
  turnedOn: 'Push notifications are on for this device.',
  turnedOff: 'Push notifications are off.',
  badEndpoint: 'This push subscription cannot be used.',
  takenEndpoint: 'This push subscription belongs to another account.',
  notFound: 'Push subscription not found.',
} as const;

/** A push message's whole content: what the notification says and where a click leads, nothing else. */
export type PushPayload = { title: string; body: string; link: string };

/** This area's live events, part of the realtime protocol's `ServerEvent` (keyed by `type`). */
declare module '../core/realtime' {
  interface AreaEvents {
    'notification.created': { type: 'notification.created'; notification: Notification };
    /** A notification changed (read, or coalesced into an existing one): refetch counts. */
    'notification.read': { type: 'notification.read'; ids: string[] | 'all' };
  }
}
