import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MeResponse, Profile } from '@common/core/api-types';
import type { ZUpdateProfile } from '@common/profiles/schemas';
import { authKeys } from '@web/lib/me';
import { api, call } from '@web/lib/api';
import { updateView } from './invalidate';
import { profilesKeys } from '@web/lib/query-keys';

export type ProfileChanges = z.infer<typeof ZUpdateProfile>;

export function updateProfile(changes: ProfileChanges): Promise<Profile> {
  return call(api.profiles.me.$patch({ json: changes }));
}

/**
 * The viewer's own profile changed (fields, avatar or cover): the open profile shows it at once,
 * and the top bar (which reads "me") gets the new name and avatar.
 */
export function putOwnProfile(queryClient: QueryClient, profile: Profile) {
  const { isBanned: _isBanned, ...fields } = profile;
  updateView(queryClient, profile.id, (view) => ({ ...view, profile: { ...view.profile, ...fields } }));
  queryClient.setQueryData<MeResponse>(authKeys.me(), (me) =>
    me?.viewer?.id === profile.id ? { viewer: { ...me.viewer, profile } } : me,
  );
  void queryClient.invalidateQueries({ queryKey: profilesKeys.view(profile.id) });
  void queryClient.invalidateQueries({ queryKey: authKeys.me() });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => putOwnProfile(queryClient, profile),
  });
}
