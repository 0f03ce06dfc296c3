import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useIsToasterWanted } from '@web/lib/toast';
import { createQueryClient } from './query-client';
import { ThemeProvider } from './theme-provider';

const ThemedToaster = lazy(() => import('./themed-toaster').then((m) => ({ default: m.ThemedToaster })));

function LazyToaster() {
  const isWanted = useIsToasterWanted();
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  );
}

/** The app's providers; `queryClient` when the start already made it (web/app/start.tsx). */
export function AppProviders({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <LazyToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
