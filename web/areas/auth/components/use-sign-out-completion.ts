import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@web/lib/toast';
import { FIRST_VIEW_MSG as MSG } from '@common/core/first-view-texts';
import { isSignedOutState } from '../api/sign-out';
import { authKeys } from '@web/lib/me';
import { clearPrivateDeviceData } from '@web/lib/device-storage';

/**
 * Second half of useSignOut, run by the app root after home is rendered: forget everything
 * cached or kept on the device for the previous person, show the signed-out state and say so.
 */
export function useSignOutCompletion() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isSignedOut = isSignedOutState(location.state);

  useEffect(() => {
    if (!isSignedOut) return;
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
    queryClient.setQueryData(authKeys.me(), { viewer: null });
    // What the app kept on this device for the person (a message outbox) goes too.
    clearPrivateDeviceData();
    // A fixed id keeps a re-run (React strict mode) from showing the toast twice.
    toast.success(MSG.signedOutTitle, { description: MSG.signedOut, id: 'signed-out' });
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [isSignedOut, location.pathname, location.search, location.hash, navigate, queryClient]);
}
