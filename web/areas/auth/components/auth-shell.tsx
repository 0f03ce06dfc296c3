import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@web/components/logo';
import { Card } from '@web/components/ui/card';

/** Centered card outside the shared layout, used by /auth and /reset-password. */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-10">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="flex flex-col items-center text-center">
          <Link
            to="/"
            aria-label="Cofound home"
            className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Logo className="text-xl" />
          </Link>
          <h1 className="mt-5 text-2xl font-semibold tracking-tight">{title}</h1>
          {subtitle ? <div className="mt-2 text-sm text-muted-foreground">{subtitle}</div> : null}
        </div>
        <div className="mt-6">{children}</div>
      </Card>
    </main>
  );
}
