import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateIdeaData, UpdateFundingData, UpdateIdeaData } from '@common/investing/schemas';
import { api, call } from '@web/lib/api';
import { putIdea } from './get-idea';
import { investingKeys } from './query-keys';

/** 'Submit Business Idea'. */
export function useSubmitIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: CreateIdeaData) => call(api.investing.ideas.$post({ json })),
    onSuccess: (idea) => putIdea(queryClient, idea),
  });
}

/** The owner's edit form. */
export function useUpdateIdea(ideaId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: UpdateIdeaData) =>
      call(api.investing.ideas[':id'].$patch({ param: { id: ideaId }, json })),
    onSuccess: (idea) => putIdea(queryClient, idea),
  });
}

/** 'Update Funding': the amount received, as an absolute value. */
export function useUpdateFunding(ideaId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: UpdateFundingData) =>
      call(api.investing.ideas[':id'].funding.$put({ param: { id: ideaId }, json })),
    onSuccess: (idea) => putIdea(queryClient, idea),
  });
}

/** Follow or unfollow an idea (notified of each update). */
export function useFollowIdea(ideaId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      call(
        follow
          ? api.investing.ideas[':id'].follow.$put({ param: { id: ideaId } })
          : api.investing.ideas[':id'].follow.$delete({ param: { id: ideaId } }),
      ),
    onSuccess: (idea) => queryClient.setQueryData(investingKeys.detail(idea.id), idea),
  });
}
