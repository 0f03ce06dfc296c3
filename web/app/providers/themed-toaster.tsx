import { Toaster } from 'sonner';
import { useTheme } from './theme-provider';

/** Loaded with the first toast (web/lib/toast.ts), so sonner stays out of the first view. */
export function ThemedToaster() {
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
