import { QueryClientProvider } from '@tanstack/react-query';
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

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <LazyToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
