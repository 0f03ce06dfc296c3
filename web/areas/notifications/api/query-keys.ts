/** Query keys of the notifications area; everything starts with 'notifications'. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  /** The newest few and the unread count: the top-bar bell and its dropdown. */
  summary: () => [...notificationsKeys.all, 'summary'] as const,
  /** The /notifications page, paged. */
  list: () => [...notificationsKeys.all, 'list'] as const,
};
