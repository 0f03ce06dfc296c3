import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonSuggestion } from '@common/profiles/model';
import { api, call } from '@web/lib/api';
import { profilesKeys } from '@web/lib/query-keys';

/** Hides a suggestion at once; the server remembers it for good. */
export function useDismissSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      call(api.people.suggestions[':userId'].dismiss.$post({ param: { userId } })),
    onMutate: (userId) => {
      queryClient.setQueryData<{ items: PersonSuggestion[] }>(profilesKeys.suggestions(), (data) =>
        data ? { items: data.items.filter((p) => p.id !== userId) } : data,
      );
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: profilesKeys.suggestions() }),
  });
}
