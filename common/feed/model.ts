/**
 * The home feed. Types, filters and texts shared by the
 * server and the web app. No zod here (the home page's first view imports it); the query schema is
 * in schemas.ts beside it.
 */
import type { PersonSummary } from '../profiles/model';
import type { ReactionSummary } from '../reactions/model';

/**
 * The kinds of feed item, declared by the areas that publish them: each adds its kinds (and its
 * filter tab, if it has one) from its own common model with
 * `declare module '../feed/model' { interface AreaFeedKinds { poll: true } interface AreaFeedCategories { polls: true } }`,
 * registers each kind at boot (ctx.registerFeedKind: its tab, badge and what a visitor is asked
 * to sign in for), hands publishToFeed each item's title, text, image and link, and declares its
 * tab's label in its web module (`feedFilters`). The feed knows no area; the contract test fails
 * when a declared kind or tab has no registered owner, or a registered tab has no label.
 */
export interface AreaFeedKinds {
  /** The feed's own: a new member's welcome card. */
  new_user: true;
}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each area's declarations
export interface AreaFeedCategories {}

export type FeedItemType = keyof AreaFeedKinds & string;
/** A filter tab: the feed shows the items of kinds registered under it. */
export type FeedCategory = keyof AreaFeedCategories & string;
/** A tab of the filter bar; 'all' is the feed's own. */
export type FeedFilter = 'all' | FeedCategory;

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
  /** The filter bar's first tab. */
  allFilter: 'All',
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
  signInFollow: 'follow members',
  signInContact: 'contact members',
  /** A card whose link the app cannot open ("Article Unavailable"). */
  unavailableTitle: (label: string) => `${label} Unavailable`,
  unavailable: (label: string) => `This ${label.toLowerCase()} is not available for viewing.`,
  /** A card's counts (issue 21; no spec text, ours). */
  comments: (n: number) => `${n} ${n === 1 ? 'comment' : 'comments'}`,
  reactions: (n: number) => `${n} ${n === 1 ? 'reaction' : 'reactions'}`,
  end: "You're all caught up.",
} as const;

/** This area's live events, part of the realtime protocol's `ServerEvent` (keyed by `type`). */
declare module '../core/realtime' {
  interface AreaEvents {
    /**
     * To subscribers of `feed:all`: an item was published under this filter tab (null: All only).
     * `item`, when present, is the item as this reader sees it (no reactions or comments yet): the
     * page adds it to the pill without asking. null: nothing in it for this reader (an author
     * blocked either way). Absent: the server did not decide for this reader (an item meant for a
     * group's members, or not yet readable): the page asks GET /api/feed/new, which applies every rule.
     */
    'feed.published': {
      type: 'feed.published';
      itemId: string;
      category: FeedCategory | null;
      item?: FeedItem | null;
    };
    /** To subscribers of `feed:all`: these items' content was deleted; take them off the page. */
    'feed.removed': { type: 'feed.removed'; itemIds: string[] };
  }
}
