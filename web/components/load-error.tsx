import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

/** A list or panel that failed to load: why, in words, and a way to try again. */
export function LoadError({
  message,
  onRetry,
  retryLabel = 'Try again',
  align = 'center',
  className,
}: {
  message: string;
  /** Left out when trying again cannot help (a refusal). */
  onRetry?: (() => unknown) | undefined;
  /** The button's words where a document names them ('Try Again' on the articles list). */
  retryLabel?: string;
  align?: 'center' | 'start';
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-3 text-sm',
        align === 'center' ? 'items-center py-8 text-center' : 'items-start',
        className,
      )}
    >
      <p role="alert" className="text-destructive-text">
        {message}
      </p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={() => void onRetry()}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
