import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The confirmation mail's link signs the person in and lands on /?verified=1 (or
 * /?verified=1&error=...). A browser already signed in stays signed in as it was, and lands on
 * /?verified=1&session=kept. Say how it went once, then drop the parameters from the address. The
 * saying loads only then (email-verified-notice.ts): this hook is in every first view.
 */
export function useEmailVerifiedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('verified') !== '1') return;
    void import('./email-verified-notice').then((m) =>
      m.sayEmailVerified(params, location, navigate, queryClient),
    );
  }, [location, navigate, queryClient]);
}
