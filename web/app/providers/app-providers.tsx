import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from './query-client';
import { ThemeProvider, useTheme } from './theme-provider';

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Toaster
      position="bottom-right"
      duration={4000}
      visibleToasts={3}
      theme={resolvedTheme}
      closeButton
      toastOptions={{
        classNames: {
          toast: 'font-sans',
          error:
            'border-destructive-text/40! [&_[data-title]]:text-destructive-text! [&_[data-icon]]:text-destructive-text!',
          success: '[&_[data-icon]]:text-success-text!',
          description: 'text-muted-foreground!',
        },
      }}
    />
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
