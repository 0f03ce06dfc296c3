/**
 * The super-admin dashboard (docs/product-rules.md: every feature is a real write, configured admins; issue
 * 20 part A). Shared by the server and the web app. No zod here (see schemas.ts).
 */

export const ADMIN = {
  /** An article's excerpt in the admin lists: 100 characters. */
  excerptLength: 100,
  pageSize: 20,
  pageMax: 50,
  searchMax: 100,
  reasonMax: 500,
} as const;

/** The product's texts, word for word; lines the document does not give are marked "ours". */
export const ADMIN_MSG = {
  heading: 'Super Admin Dashboard',
  accessDenied: 'Access Denied',
  noPermission: "You don't have permission to access this page.",
  superAdminBadge: 'Super Admin',
  enterNewPassword: 'Please enter a new password',
  // The admin's error messages.
  fetchUsersFailed: 'Failed to fetch users',
  banFailed: 'Failed to ban user',
  unbanFailed: 'Failed to unban user',
  deleteUserFailed: 'Failed to delete user',
  updatePasswordFailed: 'Failed to update password',
  fetchArticlesFailed: 'Failed to fetch articles',
  deleteArticleFailed: 'Failed to delete article',
  // Ours (the document gives no wording for these).
  tabs: {
    users: 'Users',
    articles: 'Articles',
    reviews: 'Reviews',
    reports: 'Reports',
    digests: 'Digests',
    audit: 'Audit log',
  },
  stats: {
    members: 'Members',
    newMembers: 'New this week',
    articles: 'Articles',
    pendingReviews: 'Pending reviews',
    openReports: 'Open reports',
  },
  searchUsers: 'Search by username or email...',
  noUsers: 'No users found',
  noArticles: 'No articles yet',
  noAudit: 'No admin actions yet',
  loadMore: 'Load more',
  banned: 'Banned',
  ban: 'Ban',
  unban: 'Unban',
  delete: 'Delete',
  resetPassword: 'Reset password',
  makeSuperAdmin: 'Make super admin',
  removeTwoFactor: 'Remove two-step sign-in',
  twoFactorOn: 'Two-step sign-in on',
  twoFactorRemoved: 'Two-step sign-in removed',
  twoFactorRemoveFailed: 'Failed to remove two-step sign-in',
  removeSuperAdmin: 'Remove super admin',
  joined: (date: string) => `Joined ${date}`,
  by: (name: string) => `by ${name}`,
  banReason: 'Reason (optional)',
  banTitle: (username: string) => `Ban ${username}?`,
  banExplain:
    'This will sign them out everywhere at once; they will not be able to sign in or change anything, and their content will be hidden until they are unbanned.',
  unbanTitle: (name: string) => `Unban ${name}?`,
  unbanExplain: 'This will let them sign in again and show their content again.',
  makeAdminTitle: (name: string) => `Make ${name} a super admin?`,
  makeAdminExplain: 'This will give them this dashboard and every action in it.',
  removeAdminTitle: (name: string) => `Remove ${name}'s super admin role?`,
  removeAdminExplain: 'This will take this dashboard and its actions away from them.',
  removeTwoFactorTitle: (name: string) => `Remove ${name}'s two-step sign-in?`,
  removeTwoFactorConfirm:
    'This will let the next sign-in use the password alone. Only do this for an account that lost its authenticator app and recovery codes.',
  actionsFor: (name: string) => `Actions for ${name}`,
  unconfirmed: 'Email not confirmed',
  formerAdmin: 'A former admin',
  /** The audit log: "... by <the content's author>". */
  auditBy: 'by',
  deleteTitle: (username: string) => `Delete ${username} permanently?`,
  deleteExplain: (username: string) =>
    `This will delete the account and everything in it for good; it cannot be undone. Type ${username} to confirm.`,
  deleteConfirmMismatch: 'Type the username exactly to confirm.',
  resetTitle: (username: string) => `New password for ${username}`,
  resetExplain: 'This will end their other sessions; tell them the new password yourself.',
  unexpectedRole: 'Failed to update role',
  fetchAuditFailed: 'Failed to fetch the audit log',
  deleteArticleTitle: 'Delete this article?',
  deleteArticleExplain: 'This will remove the article, its feed items, reactions and comments for everyone.',
  cancel: 'Cancel',
  userBanned: 'User banned',
  userUnbanned: 'User unbanned',
  userDeleted: 'User deleted',
  passwordUpdated: 'Password updated',
  roleUpdated: 'Role updated',
  articleDeleted: 'Article deleted',
  /** Refusals (ours): super admins cannot be deleted or banned (docs/product-rules.md: configured admins). */
  cannotBanAdmin: 'A super admin cannot be banned.',
  cannotBanSelf: 'You cannot ban yourself.',
  cannotDeleteAdmin: 'A super admin cannot be deleted.',
  cannotDemoteSelf: 'You cannot remove your own super admin role.',
  unbanFirst: 'Unban this person before making them a super admin.',
  userNotFound: 'User not found.',
  articleNotFound: 'Article not found.',
  invalidCursor: 'Invalid cursor.',
} as const;

/** What the audit log calls each admin action (part B adds its own action names). */
export const ADMIN_ACTION_LABELS: Record<string, string> = {
  'user.ban': 'Banned a user',
  'user.unban': 'Unbanned a user',
  'user.delete': 'Deleted a user',
  'user.password': 'Reset a password',
  'user.grant-admin': 'Made a super admin',
  'user.revoke-admin': 'Removed a super admin',
  'user.remove-two-factor': 'Removed two-step sign-in',
  'article.delete': 'Deleted an article',
  'review.moderate': 'Moderated a review',
  'report.remove': 'Removed reported content',
  'report.ban': 'Banned after a report',
  'report.dismiss': 'Dismissed a report',
  // A group's own admins moderating it.
  'comment.moderate': 'Removed a comment in their group',
  'group.post-remove': 'Removed a post in their group',
  'group.member-remove': 'Removed a member from their group',
  'group.admin-grant': 'Made a group member an admin',
  'group.admin-revoke': 'Made a group admin a member',
};

export type AdminStats = {
  members: number;
  newMembersThisWeek: number;
  articles: number;
  pendingReviews: number;
  openReports: number;
};

export type AdminUser = {
  id: string;
  username: string;
  fullName: string | null;
  email: string;
  avatarUrl: string | null;
  createdAt: string;
  isBanned: boolean;
  isSuperAdmin: boolean;
  /** Two-step sign-in is on (an admin can remove it from an account that lost its device). */
  twoFactorEnabled: boolean;
  /** The address was confirmed; an unconfirmed account is marked in the list. */
  emailVerified: boolean;
};
export type AdminUserPage = { items: AdminUser[]; nextCursor: string | null };

export type AdminArticle = {
  id: string;
  title: string;
  /** The first ADMIN.excerptLength characters of the content. */
  excerpt: string;
  createdAt: string;
  likes: number;
  imageUrl: string | null;
  /** `fullName`: null unless they set one other than their username (shown first, username after). */
  author: { id: string; username: string; fullName: string | null; email: string } | null;
};
export type AdminArticlePage = { items: AdminArticle[]; nextCursor: string | null };

export type AuditEntry = {
  id: string;
  action: string;
  targetType: string;
  targetId: string;
  /**
   * What the entry acted on, by name: a person's full name (else username; as it was when deleted),
   * an article's title, or the reported content's words.
   */
  targetName: string | null;
  /** Where it can be seen (a person's profile, the reported content), while it exists. */
  targetLink: string | null;
  /** The person whose content it was (a report's author), when there is one. */
  person: { id: string; name: string } | null;
  detail: Record<string, unknown> | null;
  createdAt: string;
  /** `name`: the admin's full name, else their username. */
  admin: { id: string; username: string; name: string } | null;
};
export type AuditPage = { items: AuditEntry[]; nextCursor: string | null };

/** What a successful ban, unban or role change answers. */
export type AdminUserResult = { user: AdminUser };

/** The realtime topic of the dashboard's live figures: super admins only. */
export const ADMIN_TOPIC = 'admin:dashboard';

/** This area's live events, part of the realtime protocol's `ServerEvent` (keyed by `type`). */
declare module '../core/realtime' {
  interface AreaEvents {
    /**
     * To super admins on topic admin:dashboard: a dashboard figure or list changed (a new member, an
     * admin action); the dashboard refetches the part named. Carries no data.
     */
    'admin.changed': { type: 'admin.changed'; part: 'users' | 'articles' | 'reviews' | 'reports' };
    /** The moderation queues changed (topic moderation:all, super admins only); the tab refetches. */
    'moderation.changed': { type: 'moderation.changed'; part: 'reviews' | 'reports' };
  }
}

/** The notifications this area sends (common/notifications/model.ts). */
declare module '../notifications/model' {
  interface AreaNotificationTypes {
    moderation: true;
  }
}
