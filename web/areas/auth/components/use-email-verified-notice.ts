import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@web/lib/toast';
import { EMAIL_CONFIRMED_KEPT_SESSION, FIRST_VIEW_MSG as MSG } from '@common/core/first-view-texts';
import { authKeys } from '@web/lib/me';

/**
 * The confirmation mail's link signs the person in and lands on /?verified=1 (or
 * /?verified=1&error=...). A browser already signed in stays signed in as it was, and lands on
 * /?verified=1&session=kept. Say how it went once, then drop the parameters from the address.
 */
export function useEmailVerifiedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('verified') !== '1') return;

    // Fixed ids keep a re-run (React strict mode) from stacking two toasts.
    if (params.has('error')) {
      toast.error(MSG.verifyLinkInvalid, { id: 'email-verified' });
    } else if (params.get('session') === 'kept') {
      toast.success(EMAIL_CONFIRMED_KEPT_SESSION, { id: 'email-verified' });
    } else {
      toast.success(MSG.emailVerifiedTitle, { id: 'email-verified' });
      void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    }

    params.delete('verified');
    params.delete('error');
    params.delete('session');
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [location.search, location.pathname, location.hash, navigate, queryClient]);
}
