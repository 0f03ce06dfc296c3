import type { EngagementContentType } from '@common/reactions/model';

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
