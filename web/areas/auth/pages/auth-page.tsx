import { Info } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { MSG } from '@common/core/texts';
import type { AuthNavigationState } from '@web/app/providers/sign-in-prompt';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useMe } from '@web/lib/me';
import { AuthShell } from '../components/auth-shell';
import { CheckInbox } from '../components/check-inbox';
import { LoginForm } from '../components/login-form';
import { ResetRequestForm } from '../components/reset-request-form';
import { SignUpForm } from '../components/sign-up-form';

type AuthPageState = AuthNavigationState & {
  /** Set by the sign-in guard: the protected page the person tried to open. */
  from?: string;
};

/** Only same-site paths, so navigation state can never send someone off the site. */
function safeReturnPath(path: string | undefined): string {
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/auth') ? path : '/';
}

export function AuthPage() {
  const { viewer, isLoading } = useMe();
  const location = useLocation();
  const state = (location.state ?? {}) as AuthPageState;
  const [params] = useSearchParams();
  // 'Get Started' on the welcome page opens Sign Up (issue 21).
  const [tab, setTab] = useState<'login' | 'signup'>(params.get('tab') === 'signup' ? 'signup' : 'login');
  const [isResetting, setIsResetting] = useState(false);
  const [pending, setPending] = useState<{ email: string; password: string; notice?: string } | null>(null);

  if (isLoading) {
    return (
      <main>
        <PageSpinner className="min-h-dvh" />
      </main>
    );
  }
  if (viewer) return <Navigate to={safeReturnPath(state.from)} replace />;

  return (
    <AuthShell title="Welcome to Cofound" subtitle={MSG.tagline}>
      {state.message || state.action ? (
        <p className="mb-4 flex items-start gap-2 rounded-md border border-border bg-secondary px-3 py-2 text-sm text-secondary-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {state.message ?? `Sign in to ${state.action}.`}
        </p>
      ) : null}
      {pending ? (
        <CheckInbox
          email={pending.email}
          password={pending.password}
          notice={pending.notice}
          onDone={() => {
            setPending(null);
            setTab('login');
          }}
        />
      ) : (
        <Tabs value={tab} onValueChange={(value) => setTab(value === 'signup' ? 'signup' : 'login')}>
          <TabsList>
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            {isResetting ? (
              <ResetRequestForm onBack={() => setIsResetting(false)} />
            ) : (
              <LoginForm onForgotPassword={() => setIsResetting(true)} onUnconfirmed={setPending} />
            )}
          </TabsContent>
          <TabsContent value="signup">
            <SignUpForm onSent={setPending} />
          </TabsContent>
        </Tabs>
      )}
    </AuthShell>
  );
}
