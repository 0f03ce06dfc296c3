import type { FeedCategory, FeedItemType } from '@common/feed/model';
import type { EngagementContentType } from '@common/reactions/model';

/*
 * Kinds of feed item (docs/decisions/012). The area that publishes a kind registers it from its
 * register(ctx); the feed knows no area. The database lists the kinds too (feed_items_type check):
 * the contract test compares the two. FEED_ITEM_TYPES (common/feed/model.ts) says which area
 * registers which kind.
 */
export type FeedKind = {
  /** feed_items.type, e.g. 'article'. */
  kind: FeedItemType;
  /** The filter tab that shows it; null: only under All. */
  category: FeedCategory | null;
  /** The badge on its card ('Article'). */
  label: string;
  /** What a visitor following its card is asked to sign in for; null: visitors may open it. */
  signInAction: string | null;
  /**
   * The engagement content type its items stand for (their content id is that content's), when its
   * cards show reaction and comment counts and react in place (issue 21); the content type must be
   * a registered content target.
   */
  engagement?: EngagementContentType;
};

const kinds = new Map<string, FeedKind>();

export function registerFeedKind(kind: FeedKind): void {
  kinds.set(kind.kind, kind);
}

export function getFeedKind(kind: string): FeedKind | undefined {
  return kinds.get(kind);
}

export function feedKinds(): FeedKind[] {
  return [...kinds.values()];
}
