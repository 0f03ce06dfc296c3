import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@web/lib/api';
import { adminKeys } from './query-keys';

/** After any action on a person: the list, the figures and the audit log. */
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.stats() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
    ]);
}

export function useBanUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (v: { id: string; reason: string }) =>
      call(api.admin.users[':id'].ban.$post({ param: { id: v.id }, json: { reason: v.reason } })),
    onSettled: refresh,
  });
}

export function useUnbanUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (id: string) => call(api.admin.users[':id'].unban.$post({ param: { id } })),
    onSettled: refresh,
  });
}

export function useDeleteUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (v: { id: string; confirmUsername: string }) =>
      call(
        api.admin.users[':id'].delete.$post({
          param: { id: v.id },
          json: { confirmUsername: v.confirmUsername },
        }),
      ),
    onSuccess: refresh,
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; newPassword: string }) =>
      call(
        api.admin.users[':id'].password.$post({ param: { id: v.id }, json: { newPassword: v.newPassword } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
  });
}

export function useSetSuperAdmin() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (v: { id: string; isSuperAdmin: boolean }) =>
      call(
        api.admin.users[':id']['super-admin'].$post({
          param: { id: v.id },
          json: { isSuperAdmin: v.isSuperAdmin },
        }),
      ),
    onSettled: refresh,
  });
}

/** Removes two-step sign-in from an account that lost its authenticator (audit-logged). */
export function useRemoveTwoFactor() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (id: string) => call(api.admin.users[':id']['two-factor'].remove.$post({ param: { id } })),
    onSettled: refresh,
  });
}
