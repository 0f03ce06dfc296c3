import type { PersonSummary } from '../profiles/model';

/**
 * Forum groups, posts, replies and nested comments (docs/product-rules.md: no sample data,
 * 5, 7 and 8). Shared by the server and the web app. No zod here (see schemas.ts), so list pages
 * stay small. Every forum group is public (the document has is_public but no way to change it):
 * anyone may read its posts; only approved members post, reply, comment and react.
 */

export const FORUM_ROLES = ['owner', 'moderator', 'member'] as const;
export type ForumRole = (typeof FORUM_ROLES)[number];

export const FORUM_MEMBER_STATUSES = ['pending', 'approved'] as const;
export type ForumMemberStatus = (typeof FORUM_MEMBER_STATUSES)[number];

export const FORUM_TABS = ['all', 'my'] as const;
export type ForumTab = (typeof FORUM_TABS)[number];
export const FORUM_TAB_LABELS: Record<ForumTab, string> = { all: 'All Groups', my: 'My Groups' };

/** The fixed list of categories (values ours, labels the document's). */
export const FORUM_CATEGORIES = ['general', 'technology', 'business', 'help'] as const;
export type ForumCategory = (typeof FORUM_CATEGORIES)[number];
export const FORUM_CATEGORY_LABELS: Record<ForumCategory, string> = {
  general: 'General Discussion',
  technology: 'Technology',
  business: 'Business',
  help: 'Help & Support',
};

export const FORUMS = {
  nameMax: 100,
  descriptionMax: 500,
  /** The forum cover is 5 MB (docs/product-rules.md: upload limits). */
  coverMaxBytes: 5 * 1024 * 1024,
  coverMaxMb: 5,
  titleMax: 200,
  contentMax: 10000,
  replyMax: 5000,
  /** The latest-post preview, markup stripped. */
  latestPreview: 100,
  /** A post's preview in the list. */
  postPreview: 150,
  /** Comment replies only below this depth (top-level comments are depth 0). */
  maxCommentDepth: 3,
  /** Reactions shown (the top ones by count). */
  topReactions: 3,
  pageSize: 12,
  postPageSize: 20,
  replyPageSize: 50,
  memberPageSize: 30,
  pageMax: 100,
  skeletons: 6,
  /** Ours: a person's writes that cost a row and tell others. */
  createsPerDay: 10,
  joinRequestsPerHour: 20,
  postsPerHour: 30,
  repliesPerHour: 120,
} as const;

/** The product's texts for forums, word for word (and a few of our own, marked). */
export const FORUM_MSG = {
  heading: 'Forum Groups',
  searchPlaceholder: 'Search forum groups...',
  createGroup: 'Create Group',
  noGroups: 'No forum groups found',
  noMyGroups: "You haven't joined any groups yet",
  browseAll: 'Browse All Groups',
  loadFailed: 'Failed to load forum groups.',
  backToForums: 'Back to Forums',
  // Create-group page.
  createHeading: 'Create Forum Group',
  coverImage: 'Cover Image',
  name: 'Group Name',
  description: 'Description',
  cancel: 'Cancel',
  create: 'Create Group',
  nameRequired: 'Group name is required',
  validationError: 'Validation Error',
  // Ours: the maximums, which the document states without a message.
  nameMax: 'Group name must be at most 100 characters',
  descriptionMax: 'Description must be at most 500 characters',
  fileTooLarge: 'File too large',
  fileTooLargeHint: 'Please select an image under 5MB',
  uploadFailed: 'Upload failed',
  uploadFailedHint: 'Failed to upload cover image',
  createFailed: 'Failed to create forum group',
  authRequired: 'Authentication Required',
  signInToCreate: 'Please sign in to create a forum group',
  signInReact: 'Please sign in to react to content',
  // Group page.
  tabPosts: 'Posts',
  tabMembers: 'Members',
  tabPending: 'Pending Requests',
  tabManage: 'Manage',
  members: (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`,
  posts: (n: number) => `${n} ${n === 1 ? 'post' : 'posts'}`,
  latestPost: 'Latest post',
  createPost: 'Create New Post',
  joinGroup: 'Join Group',
  requestPending: 'Request Pending',
  joinFailed: 'Failed to send join request',
  // Ours (docs/decisions/026): a forum approves its members; said once per page, beside the button.
  requestSent: 'Request sent: an owner or moderator will answer it.',
  joinNeedsApproval: 'The owner and moderators approve new members. Join to post, reply, comment and react.',
  pendingMeanwhile:
    'Your request is waiting for an owner or moderator. Meanwhile you can read every post, reply and comment; you will be told when you are approved.',
  approveFailed: 'Failed to approve member',
  /** Ours: any other member action that did not go through, when the server gives no reason. */
  memberActionFailed: 'The change to this member did not go through. Please try again.',
  memberApproved: 'Member approved successfully',
  requestRejected: 'Join request rejected',
  promoted: 'Member promoted to moderator',
  demoted: 'Moderator demoted to member',
  removed: 'Member removed from group',
  approve: 'Approve',
  reject: 'Reject',
  promote: 'Promote to Moderator',
  demote: 'Demote to Member',
  remove: 'Remove',
  noPosts: 'No posts yet',
  noPending: 'No pending requests',
  roleLabels: { owner: 'Owner', moderator: 'Moderator', member: 'Member' } as Record<ForumRole, string>,
  // New post dialog.
  title: 'Title',
  content: 'Content',
  category: 'Category',
  submitPost: 'Create Post',
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  categoryRequired: 'Category is required',
  // Ours: the maximums.
  titleMax: 'Title must be at most 200 characters',
  contentMax: 'Content must be at most 10000 characters',
  postCreated: 'Post created',
  postFailed: 'Failed to create post',
  // Post page.
  postNotFound: 'Post not found',
  postLoadFailed: 'Failed to load forum post.',
  pinned: 'Pinned',
  locked: 'Locked',
  pin: 'Pin',
  unpin: 'Unpin',
  lock: 'Lock',
  unlock: 'Unlock',
  likes: (n: number) => `${n} ${n === 1 ? 'like' : 'likes'}`,
  replies: (n: number) => `${n} ${n === 1 ? 'reply' : 'replies'}`,
  views: (n: number) => `${n} ${n === 1 ? 'view' : 'views'}`,
  replyPlaceholder: 'Write a reply...',
  // Ours: the reply box's label.
  yourReply: 'Your reply',
  postReply: 'Post Reply',
  replyEmpty: 'Reply cannot be empty',
  replyMax: 'Reply must be at most 5000 characters',
  replyPosted: 'Your reply has been posted!',
  replyFailed: 'Failed to post reply. Please try again.',
  commentFailed: 'Failed to post comment.',
  commentPosted: 'Comment posted successfully!',
  commentReplyPosted: 'Reply posted successfully!',
  // Ours: why the server refuses.
  lockedRefusal: 'This post is locked: no new replies may be added.',
  /** Ours: comments and reactions anywhere in a locked post's thread. */
  lockedThread: 'This post is locked: nothing new may be added to it.',
  lockedNotice: 'This post is locked. No new replies can be added.',
  // Ours: an author edits and deletes their own post and reply (docs/decisions/026).
  replyGone: 'This reply is no longer there.',
  save: 'Save',
  delete: 'Delete',
  editPostTitle: 'Edit post',
  editReplyTitle: 'Edit reply',
  deletePostTitle: 'Delete this post?',
  deletePostConfirm: 'This will delete your post with all its replies and comments. It cannot be undone.',
  deleteReplyTitle: 'Delete this reply?',
  deleteReplyConfirm: 'This will delete your reply with its comments. It cannot be undone.',
  postUpdated: 'Post updated',
  replyUpdated: 'Reply updated',
  postDeleted: 'Post deleted',
  replyDeleted: 'Reply deleted',
  changeFailed: 'That did not go through. Please try again.',
  notFound: 'Forum group not found',
  onlyMembers: 'Only approved members of this group can do that.',
  onlyModerators: 'Only the owner and moderators of this group can do that.',
  onlyOwner: 'Only the owner of this group can do that.',
  joinToEngage: 'Join this group to take part.',
  alreadyMember: 'You are already a member of this group.',
  requestPendingAlready: 'Your request to join is already pending.',
  memberGone: 'This member is no longer in the group.',
  ownerFixed: 'The owner of a group cannot be changed or removed.',
  ownerCannotLeave: 'The owner cannot leave the group.',
  leave: 'Leave Group',
  invalidCursor: 'Invalid cursor.',
  // Ours: notifications.
  joinRequestNotice: (name: string, group: string) => `${name} asked to join ${group}`,
  approvedNotice: (group: string) => `Your request to join ${group} was approved`,
  // Feed.
  feedNewGroup: (name: string) => `New forum group: ${name}`,
  feedReply: (title: string) => `Re: ${title}`,
  signInPost: 'create a post',
  signInJoin: 'join this group',
  communities: 'Forum Groups',
} as const;

export type Page<T> = { items: T[]; nextCursor: string | null };

export type ForumMembership = { role: ForumRole; status: ForumMemberStatus } | null;

export type ForumLatestPost = {
  id: string;
  title: string;
  /** Markup stripped, cut at 100 characters. */
  preview: string;
  createdAt: string;
  authorId: string;
};

export type ForumGroupSummary = {
  id: string;
  name: string;
  description: string;
  coverImage: string | null;
  createdAt: string;
  memberCount: number;
  postCount: number;
  latestPost: ForumLatestPost | null;
  creator: { id: string; username: string; avatarUrl: string | null } | null;
  membership: ForumMembership;
};

export type ForumGroup = ForumGroupSummary & {
  isMember: boolean;
  canPost: boolean;
  canModerate: boolean;
  /** Pending requests (owner and moderators only; 0 for others). */
  pendingCount: number;
};
export type ForumGroupPage = Page<ForumGroupSummary>;

export type ForumMember = {
  person: PersonSummary;
  role: ForumRole;
  status: ForumMemberStatus;
  joinedAt: string;
  approvedAt: string | null;
};
export type ForumMemberPage = Page<ForumMember>;

export type ForumPostSummary = {
  id: string;
  groupId: string;
  title: string;
  /** The content cut at 150 characters. */
  preview: string;
  category: ForumCategory;
  author: PersonSummary;
  createdAt: string;
  repliesCount: number;
  viewsCount: number;
  likesCount: number;
  isPinned: boolean;
  isLocked: boolean;
};
export type ForumPostPage = Page<ForumPostSummary>;

export type ForumPost = Omit<ForumPostSummary, 'preview'> & {
  content: string;
  updatedAt: string;
  group: { id: string; name: string };
  canReply: boolean;
  canModerate: boolean;
};

export type ForumReply = {
  id: string;
  postId: string;
  content: string;
  author: PersonSummary;
  createdAt: string;
};
export type ForumReplyPage = Page<ForumReply>;

/** GET /api/forums/posts/{id}: the post with the first page of its replies (no second request). */
export type ForumPostWithReplies = ForumPost & { replies: ForumReplyPage };

export type ForumImage = { url: string };

/** Strips markup and cuts at `max` characters (the previews). */
export function previewOf(text: string, max: number): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/[*_`#>~[\]()!]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max)}...` : plain;
}

/**
 * The forum groups list's live topic (any member): a new forum group was created. Its events name
 * only the group; the list asks the API.
 */
export const FORUM_LIST_TOPIC = 'forum-groups:all';

/** What members may report here: the report's target type and how "Report this {label}" names it. */
export const FORUM_POST_REPORT_TARGET = { type: 'forum_post', label: 'post' } as const;
export const FORUM_REPLY_REPORT_TARGET = { type: 'forum_reply', label: 'reply' } as const;

/** This area's live events, part of the realtime protocol's `ServerEvent` (keyed by `type`). */
declare module '../core/realtime' {
  interface AreaEvents {
    /**
     * To subscribers of `forum-group:{groupId}` (its page: members, posts, requests) or
     * `forum-post:{postId}` (the post: pin, lock, edits, replies). Names nothing else: the page
     * refetches what it may read. The one exception is a counted view (`what: 'views'`): it carries
     * the post's new `viewsCount`, a number anyone who may follow the topic can read on the post, and
     * the page sets it in its cache instead of refetching the post.
     */
    'forum.changed': {
      type: 'forum.changed';
      groupId: string;
      postId: string | null;
      what: 'group' | 'members' | 'posts' | 'requests' | 'post' | 'replies' | 'views';
      /** Only with `what: 'views'`: the post's views count after this view. */
      viewsCount?: number;
    };
  }
}

/** A forum group's page, and one forum post's page: for whoever may read them. */
export const forumGroupTopic = (groupId: string) => `forum-group:${groupId}`;
export const forumPostTopic = (postId: string) => `forum-post:${postId}`;

/** What this area puts on the home feed: its kinds and its filter tab (common/feed/model.ts). */
declare module '../feed/model' {
  interface AreaFeedKinds {
    forum_group_created: true;
    forum_post: true;
    forum_reply: true;
  }
  interface AreaFeedCategories {
    forums: true;
  }
}
