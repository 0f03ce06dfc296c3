import type { EngagementContentType } from '@common/reactions/model';

/**
 * Query keys of the comments area. The server leaves out comments by people the viewer blocked,
 * so the viewer is part of a list's key; `content()` covers every viewer's copy, for live edits.
 */
export const commentsKeys = {
  all: ['comments'] as const,
  content: (contentType: EngagementContentType, contentId: string) =>
    [...commentsKeys.all, contentType, contentId] as const,
  list: (contentType: EngagementContentType, contentId: string, viewerId: string | null) =>
    [...commentsKeys.content(contentType, contentId), viewerId ?? 'visitor'] as const,
};
