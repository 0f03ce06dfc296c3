import type { FeedCategory, FeedFilter, FeedItemType } from '@common/feed/model';
import type { EngagementContentType } from '@common/reactions/model';

/*
 * Kinds of feed item (docs/decisions/012). The area that publishes a kind declares it in its
 * common model (AreaFeedKinds, common/feed/model.ts) and registers it from its register(ctx); the
 * feed knows no area. This registry is the only list at run time: publishToFeed refuses a kind
 * no area registered, and the filter tabs are the categories of the registered kinds. The
 * contract test fails when a declared kind or tab has no owner here.
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

/** Whether a filter tab exists: 'all', or the category of some registered kind. */
export function isFeedFilter(value: string): value is FeedFilter {
  return value === 'all' || [...kinds.values()].some((kind) => kind.category === value);
}
