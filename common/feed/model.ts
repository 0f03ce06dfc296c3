/**
 * The home feed (spec document 1, sections 2, 3, 5, 9). Types, filters and texts shared by the
 * server and the web app. No zod here (the home page's first view imports it); the query schema is
 * in schemas.ts beside it.
 */
import type { PersonSummary } from '../profiles/model';

/** Every feed item type the documents name. Later areas publish theirs through publishToFeed. */
export const FEED_ITEM_TYPES = [
  'new_user',
  'article',
  'group_post',
  'group',
  'shared_post',
  'business_idea',
  'event',
  'forum_post',
  'forum_reply',
  'forum_group_created',
  'business_page',
  'business_update',
] as const;
export type FeedItemType = (typeof FEED_ITEM_TYPES)[number];

/** The filter bar, in the layout's order (document 1, section 2). */
export const FEED_FILTERS = ['all', 'groups', 'articles', 'events', 'investing', 'forums'] as const;
export type FeedFilter = (typeof FEED_FILTERS)[number];
export type FeedCategory = Exclude<FeedFilter, 'all'>;

export const FEED_FILTER_LABELS: Record<FeedFilter, string> = {
  all: 'All',
  groups: 'Groups',
  articles: 'Articles',
  events: 'Events',
  investing: 'Investing',
  forums: 'Forums',
};

/**
 * Which filter tab shows a type; types without one (new members, business pages) show under All
 * only. The database derives the same mapping (feed_items.category, migration 0003): keep both.
 */
export const FEED_TYPE_CATEGORY: Record<FeedItemType, FeedCategory | null> = {
  new_user: null,
  article: 'articles',
  group_post: 'groups',
  group: 'groups',
  shared_post: 'groups',
  business_idea: 'investing',
  event: 'events',
  forum_post: 'forums',
  forum_reply: 'forums',
  forum_group_created: 'forums',
  business_page: null,
  business_update: null,
};

/** The badge on a card. */
export const FEED_TYPE_LABELS: Record<FeedItemType, string> = {
  new_user: 'New Member',
  article: 'Article',
  group_post: 'Group Post',
  group: 'Group',
  shared_post: 'Shared Post',
  business_idea: 'Business Idea',
  event: 'Event',
  forum_post: 'Forum Post',
  forum_reply: 'Forum Reply',
  forum_group_created: 'Forum Group',
  business_page: 'Business Page',
  business_update: 'Business Update',
};

export const FEED = {
  /** Items per page (the document's single page of 50, paged by a cursor instead). */
  pageSize: 20,
  pageMax: 50,
  /** Skeleton cards while the first page loads. */
  skeletons: 5,
  /** New items fetched for the pill at most; more than this and the pill reloads the feed. */
  newMax: 50,
  titleMax: 300,
  descriptionMax: 2000,
} as const;

/** The author beside a card: the same fields as a person in any list. */
export type FeedAuthor = PersonSummary;

export type FeedItem = {
  /** A decimal string: items are ordered by it, newest (largest) first. */
  id: string;
  type: FeedItemType;
  title: string;
  description: string | null;
  imageUrl: string | null;
  createdAt: string;
  /** The content the item stands for; with type, unique. */
  contentId: string;
  articleId: string | null;
  groupId: string | null;
  forumPostId: string | null;
  forumGroupId: string | null;
  businessPageId: string | null;
  author: FeedAuthor;
  /** Whether the viewer follows the author (null for visitors and for the viewer's own items). */
  viewerFollows: boolean | null;
};

/** GET /api/feed. `nextCursor` continues below the last item; null at the end. */
export type FeedPage = { items: FeedItem[]; nextCursor: string | null };

/**
 * GET /api/feed/new?since={id of the newest item shown}: the items published since, newest first.
 * With `more`, there are more than FEED.newMax of them: reload the feed instead of prepending.
 */
export type FeedNewItems = { items: FeedItem[]; more: boolean };

export const FEED_MSG = {
  empty: 'No feed items available. Start creating content!',
  emptyFilter: (filter: string) => `No ${filter} items found`,
  loadFailed: 'Failed to load feed items',
  unexpected: 'An unexpected error occurred',
  welcome: (name: string) => `Welcome ${name}!`,
  newMemberBadge: 'New Member',
  newMemberFallbackBio: 'Just joined the community',
  newPosts: (n: number) => `${n} new ${n === 1 ? 'post' : 'posts'}`,
  newMemberTitle: 'New member',
  signInBusinessIdea: 'view business idea details',
  signInArticle: 'read this article',
  signInGroupPost: 'view this group post',
  signInFollow: 'follow members',
  signInContact: 'contact members',
  end: "You're all caught up.",
  invalidFilter: 'Unknown feed filter.',
  invalidCursor: 'Invalid cursor.',
} as const;

/** Where a card leads (document 1, section 2, "Clicking a card navigates by type"). */
export function feedItemHref(
  item: Pick<
    FeedItem,
    | 'type'
    | 'contentId'
    | 'articleId'
    | 'groupId'
    | 'forumPostId'
    | 'forumGroupId'
    | 'businessPageId'
    | 'author'
  >,
): string {
  switch (item.type) {
    case 'article':
      return `/articles/${item.articleId ?? item.contentId}`;
    case 'group_post':
    case 'group':
    case 'shared_post':
      return item.groupId ? `/groups/${item.groupId}` : '/groups';
    case 'business_idea':
      return '/investing';
    case 'event':
      return '/events';
    case 'forum_post':
    case 'forum_reply':
      return item.forumPostId ? `/forums/post/${item.forumPostId}` : '/forums';
    case 'forum_group_created':
      return item.forumGroupId ? `/forums/group/${item.forumGroupId}` : '/forums';
    case 'business_page':
    case 'business_update':
      return item.businessPageId ? `/business-pages/${item.businessPageId}` : '/business';
    case 'new_user':
      return `/profile/${item.author.id}`;
  }
}

/** Types whose details a visitor may not open: the card asks them to sign in for this action. */
export function feedSignInAction(type: FeedItemType): string | null {
  if (type === 'business_idea') return FEED_MSG.signInBusinessIdea;
  if (type === 'article') return FEED_MSG.signInArticle;
  if (type === 'group_post') return FEED_MSG.signInGroupPost;
  return null;
}
