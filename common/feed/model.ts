/**
 * The home feed. Types, filters and texts shared by the
 * server and the web app. No zod here (the home page's first view imports it); the query schema is
 * in schemas.ts beside it.
 */
import type { PersonSummary } from '../profiles/model';
import type { ReactionSummary } from '../reactions/model';

/**
 * Every kind of feed item the documents name, as the database lists them (feed_items_type check).
 * The feed knows none of them: the area that publishes a kind registers it at boot
 * (ctx.registerFeedKind: its filter tab, badge and what a visitor is asked to sign in for) and
 * hands publishToFeed each item's title, text, image and link. Registered today:
 * - feed: new_user (no tab, 'New Member', visitors may open it; link /profile/{member})
 * - articles: article ('articles', 'Article', FEED_MSG.signInArticle; link /articles/{id})
 * The others register themselves when their areas land; what the app showed for them until now:
 * - groups: group_post ('Group Post', FEED_MSG.signInGroupPost), group ('Group'), shared_post
 *   ('Shared Post'): tab 'groups', link /groups/{group id} (/groups without one)
 * - investing: business_idea ('Business Idea', FEED_MSG.signInBusinessIdea): 'investing', /investing
 * - events: event ('Event'): 'events', /events
 * - forums: forum_post ('Forum Post'), forum_reply ('Forum Reply'): 'forums', /forums/post/{post id};
 *   forum_group_created ('Forum Group'): 'forums', /forums/group/{group id} (/forums without an id)
 * - business-pages: business_page ('Business Page'), business_update ('Business Update'): no tab,
 *   /business-pages/{page id} (/business without one)
 */
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

/** The filter bar, in the layout's order. */
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
  /** Its kind; with contentId, unique. The card reads label, link and signInAction, not this. */
  type: FeedItemType;
  /** The badge on its card ('Article'), as the publishing area registered its kind. */
  label: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  createdAt: string;
  /** The content the item stands for; with type, unique. */
  contentId: string;
  /** Where its card leads (an app path), as the publishing area said; null: nowhere. */
  link: string | null;
  /** What a visitor following its card is asked to sign in for; null: visitors may open it. */
  signInAction: string | null;
  author: FeedAuthor;
  /** Whether the viewer follows the author (null for visitors and for the viewer's own items). */
  viewerFollows: boolean | null;
  /**
   * The content's reactions and comment count, for kinds whose cards show them and react in place
   * (an article: issue 21); null for other kinds.
   */
  engagement: FeedEngagement | null;
};

export type FeedEngagement = {
  reactions: ReactionSummary;
  /** Comments the viewer may see (capped like every count: LIMITS.listCountCap). */
  comments: number;
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
  /** A visitor cannot create content: no call to do so (issue 21). */
  emptyVisitor: 'Nothing has been shared here yet.',
  emptyFilter: (filter: string) => `No ${filter} items found`,
  loadFailed: 'Failed to load feed items',
  unexpected: 'An unexpected error occurred',
  welcome: (name: string) => `Welcome ${name}!`,
  newMemberBadge: 'New Member',
  newMemberFallbackBio: 'Just joined the community',
  newPosts: (n: number) => `${n} new ${n === 1 ? 'post' : 'posts'}`,
  signInBusinessIdea: 'view business idea details',
  signInArticle: 'read this article',
  signInGroupPost: 'view this group post',
  signInFollow: 'follow members',
  signInContact: 'contact members',
  /** A card whose link the app cannot open ("Article Unavailable"). */
  unavailableTitle: (label: string) => `${label} Unavailable`,
  unavailable: (label: string) => `This ${label.toLowerCase()} is not available for viewing.`,
  /** A card's counts (issue 21; no spec text, ours). */
  comments: (n: number) => `${n} ${n === 1 ? 'comment' : 'comments'}`,
  reactions: (n: number) => `${n} ${n === 1 ? 'reaction' : 'reactions'}`,
  end: "You're all caught up.",
  invalidFilter: 'Unknown feed filter.',
  invalidCursor: 'Invalid cursor.',
} as const;

/** This area's live events, part of the realtime protocol's `ServerEvent` (keyed by `type`). */
declare module '../core/realtime' {
  interface AreaEvents {
    /**
     * To subscribers of `feed:all`: an item was published under this filter tab (null: All only).
     * The page asks GET /api/feed/new for what it may show, so blocked and hidden items never count.
     */
    'feed.published': { type: 'feed.published'; itemId: string; category: FeedCategory | null };
    /** To subscribers of `feed:all`: these items' content was deleted; take them off the page. */
    'feed.removed': { type: 'feed.removed'; itemIds: string[] };
  }
}
