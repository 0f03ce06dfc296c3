import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@common/comments/model';
import type { CreateComment } from '@common/comments/schemas';
import type { EngagementContentType } from '@common/reactions/model';
import { api, call } from '@web/lib/api';
import { putCommentInCache } from './comments-cache';

export function addComment(
  contentType: EngagementContentType,
  contentId: string,
  input: CreateComment,
): Promise<Comment> {
  return call(
    api.comments[':contentType'][':contentId'].$post({ param: { contentType, contentId }, json: input }),
  );
}

/** Posts a comment or reply; it shows at once (the live event for it then finds it there). */
export function useAddComment(contentType: EngagementContentType, contentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateComment) => addComment(contentType, contentId, input),
    onSuccess: (comment) => putCommentInCache(queryClient, comment),
  });
}
