import type { QueryClient } from '@tanstack/react-query';
import type { Location, NavigateFunction } from 'react-router';
import { toast } from '@web/lib/toast';
import { EMAIL_CONFIRMED_KEPT_SESSION, FIRST_VIEW_MSG as MSG } from '@common/core/first-view-texts';
import { authKeys } from '@web/lib/me';

/** What useEmailVerifiedNotice says after the confirmation link, loaded only then. */
export function sayEmailVerified(
  params: URLSearchParams,
  location: Location,
  navigate: NavigateFunction,
  queryClient: QueryClient,
) {
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
}
