/** Notifications (spec document 1, sections 2, 3, 7). Shared by the server and the web app. */
export const NOTIFICATION_TYPES = [
  'message',
  'business_inquiry',
  'connection_request',
  'group_action',
  'business_action',
  'reaction',
  'comment',
  'event_invitation',
  'event_rsvp',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATIONS_MSG = {
  title: 'Notifications',
  markAllRead: 'Mark all as read',
  markAllReadCount: (n: number) => `Mark all as read (${n})`,
  loading: 'Loading...',
  noneYet: 'No notifications yet',
  viewAll: 'View all notifications',
  pageEmpty: 'You have no notifications',
} as const;

/** Titles and texts the spec gives; other areas add theirs through the notifications service. */
export const NOTIFICATION_TEXT = {
  message: { title: 'New Message', text: (name: string) => `${name} sent you a message` },
  connectionRequest: {
    title: 'New Connection Request',
    text: (name: string) => `${name} sent you a friend request`,
  },
  reaction: {
    title: 'New Reaction',
    text: (name: string, contentType: string) => `${name} reacted to your ${contentType}`,
  },
  comment: { title: 'New Comment', text: (name: string) => `${name} commented on your post` },
  /** Not in the spec: the author of a comment someone replied to (the owner gets `comment`). */
  reply: { title: 'New Comment', text: (name: string) => `${name} replied to your comment` },
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
