import type { ConnectionList } from '@common/profiles/model';
import type { EngagementContentType } from '@common/reactions/model';

/*
 * The query keys more than one area reads or drops (an area's other keys stay in its own
 * api/query-keys.ts): a person's profile views and lists, and reaction summaries.
 */

/**
 * Query keys of the profiles area. Everything about one person sits under `person(id)`, so a
 * connection change between two people refreshes both of their views and lists with two calls;
 * mutual friends depend on the viewer too, so they have their own branch that every change drops.
 */
export const profilesKeys = {
  all: ['profiles'] as const,
  person: (userId: string) => [...profilesKeys.all, 'person', userId] as const,
  view: (userId: string) => [...profilesKeys.person(userId), 'view'] as const,
  connectionLists: (userId: string) => [...profilesKeys.person(userId), 'connections'] as const,
  connections: (userId: string, list: ConnectionList) =>
    [...profilesKeys.connectionLists(userId), list] as const,
  allMutualFriends: () => [...profilesKeys.all, 'mutual'] as const,
  mutualFriends: (userId: string) => [...profilesKeys.allMutualFriends(), userId] as const,
  /** The viewer's pending friend requests (only ever shown on their own profile). */
  requests: () => [...profilesKeys.all, 'requests'] as const,
  /** People you may know (issue 21), on the viewer's home. */
  suggestions: () => [...profilesKeys.all, 'suggestions'] as const,
};

/**
 * Query keys of the reactions area. A summary carries the viewer's own reactions, so the viewer is
 * part of its key; `content()` covers every viewer's copy, for live counts.
 */
export const reactionsKeys = {
  all: ['reactions'] as const,
  content: (contentType: EngagementContentType, contentId: string) =>
    [...reactionsKeys.all, contentType, contentId] as const,
  summary: (contentType: EngagementContentType, contentId: string, viewerId: string | null) =>
    [...reactionsKeys.content(contentType, contentId), viewerId ?? 'visitor'] as const,
};
