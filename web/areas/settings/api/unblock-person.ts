import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import { SETTINGS_MSG, displayName, type BlockedPerson } from '@common/profiles/model';
import { profilesKeys } from '@web/lib/query-keys';
import { api, call } from '@web/lib/api';
import { settingsKeys } from './query-keys';

export function unblockPerson(userId: string): Promise<{ blocked: boolean }> {
  return call(api.connections[':userId'].block.$delete({ param: { userId } }));
}

/** Unblocks someone from the Blocked list; nothing else comes back (follows, friendship). */
export function useUnblockPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (person: BlockedPerson) => unblockPerson(person.id),
    onSuccess: (_result, person) => {
      queryClient.setQueryData<BlockedPerson[]>(settingsKeys.blocked(), (list) =>
        list?.filter((p) => p.id !== person.id),
      );
      void queryClient.invalidateQueries({ queryKey: settingsKeys.blocked() });
      void queryClient.invalidateQueries({ queryKey: profilesKeys.person(person.id) });
      toast.success(SETTINGS_MSG.unblocked(displayName(person)));
    },
    onError: () => {
      toast.error(SETTINGS_MSG.unblockFailed);
    },
  });
}
