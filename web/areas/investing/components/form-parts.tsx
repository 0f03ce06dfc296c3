import type { ComponentProps, ReactNode } from 'react';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';

const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive-text md:text-sm';

/** A labelled control with its inline error (aria-describedby), for selects and text areas. */
export function LabelledControl({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A native select in the inputs' look. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(selectClass, className)} {...props} />;
}

/** aria props of a control with an optional error. */
export const invalidProps = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
