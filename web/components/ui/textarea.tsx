import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/** A multi-line input that grows with its text (up to its max height, then scrolls). */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'flex field-sizing-content min-h-10 w-full min-w-0 resize-none rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive-text aria-invalid:focus-visible:ring-destructive-text/30 md:text-sm',
        className,
      )}
      {...props}
    />
  );
}
