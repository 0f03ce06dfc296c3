import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

/** A list or panel that failed to load: why, in words, and a way to try again. */
export function LoadError({
  message,
  onRetry,
  align = 'center',
  className,
}: {
  message: string;
  /** Left out when trying again cannot help (a refusal). */
  onRetry?: (() => unknown) | undefined;
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
          Try again
        </Button>
      ) : null}
    </div>
  );
}
