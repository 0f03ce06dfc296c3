import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useEmailVerifiedNotice, useSignOutCompletion } from '@web/areas/auth/public';
import { ReportDialogHost } from '@web/components/report/report-host';
import { SignInPromptProvider } from './providers/sign-in-prompt';
import { findHandleValue } from './routing/route-handle';

/** The top route: app-wide pieces that need the router (prompt dialog, title, scroll, notices). */
export function AppRoot() {
  const title = findHandleValue(useMatches(), 'title');
  useEffect(() => {
    document.title = title ? `${title} · Cofound` : 'Cofound';
  }, [title]);

  useEmailVerifiedNotice();
  useSignOutCompletion();

  return (
    <SignInPromptProvider>
      <Outlet />
      <ScrollRestoration />
      <ReportDialogHost />
    </SignInPromptProvider>
  );
}
