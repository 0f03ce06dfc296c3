import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import { SETTINGS_MSG, type UserSettings } from '@common/profiles/model';
import { api, call } from '@web/lib/api';
import { settingsKeys } from './query-keys';

export type SettingKey = keyof UserSettings;
type SettingChange = { key: SettingKey; value: boolean };

export function updateSettings(patch: Partial<UserSettings>): Promise<UserSettings> {
  return call(api.settings.$patch({ json: patch }));
}

/**
 * Flips one switch at once (optimistic) and saves it. Saves run one after another (one mutation
 * scope), so rapid flips reach the server in the order they were made and the last one wins; the
 * server's answer replaces the shown state only once no other save is waiting. A failed save puts
 * the switch back and says so.
 */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  const mutationKey = [...settingsKeys.switches(), 'update'];

  return useMutation({
    mutationKey,
    scope: { id: 'settings-switches' },
    mutationFn: ({ key, value }: SettingChange) => updateSettings({ [key]: value }),
    onMutate: async ({ key, value }) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.switches() });
      const previous = queryClient.getQueryData<UserSettings>(settingsKeys.switches());
      queryClient.setQueryData<UserSettings>(settingsKeys.switches(), (current) =>
        current ? { ...current, [key]: value } : current,
      );
      return { previousValue: previous?.[key] };
    },
    onSuccess: (saved) => {
      // This save is still counted as running here: 1 means no other save is waiting.
      if (queryClient.isMutating({ mutationKey }) <= 1) {
        queryClient.setQueryData(settingsKeys.switches(), saved);
      }
      // One toast however fast the switches are flipped.
      toast.success(SETTINGS_MSG.saved, { id: 'settings-saved' });
    },
    onError: (_error, { key }, context) => {
      if (context?.previousValue !== undefined) {
        queryClient.setQueryData<UserSettings>(settingsKeys.switches(), (current) =>
          current ? { ...current, [key]: context.previousValue } : current,
        );
      }
      toast.error(SETTINGS_MSG.saveFailed, { id: 'settings-save-failed' });
      if (queryClient.isMutating({ mutationKey }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: settingsKeys.switches() });
      }
    },
  });
}
