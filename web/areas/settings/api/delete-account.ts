import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@web/lib/toast';
import { SETTINGS_MSG } from '@common/profiles/model';
import { authKeys } from '@web/lib/me';
import { clearPrivateDeviceData } from '@web/lib/device-storage';
import { api, call } from '@web/lib/api';

export function deleteAccount(password: string): Promise<{ deleted: boolean }> {
  return call(api.account.delete.$post({ json: { password } }));
}

/**
 * Deletes the account, then leaves as sign-out does: everything cached for the person is dropped
 * and the session reads as signed out before /auth renders, so it does not bounce back home.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
      queryClient.setQueryData(authKeys.me(), { viewer: null });
      clearPrivateDeviceData();
      toast.success(SETTINGS_MSG.deleted, { id: 'account-deleted' });
      void navigate('/auth', { replace: true });
    },
  });
}
