/**
 * Query keys of the business-pages area: every list under `lists()`, one page's parts under
 * `page(id)`, so a change to a page refreshes its posts and reviews with one call.
 */
export const businessKeys = {
  all: ['business-pages'] as const,
  lists: () => [...businessKeys.all, 'list'] as const,
  list: (q: { q?: string; category?: string; owner?: string }, viewerId: string | null) =>
    [...businessKeys.lists(), q, viewerId ?? 'visitor'] as const,
  page: (id: string) => [...businessKeys.all, 'page', id] as const,
  detail: (id: string, viewerId: string | null) =>
    [...businessKeys.page(id), 'detail', viewerId ?? 'visitor'] as const,
  posts: (id: string) => [...businessKeys.page(id), 'posts'] as const,
  reviews: (id: string) => [...businessKeys.page(id), 'reviews'] as const,
};
