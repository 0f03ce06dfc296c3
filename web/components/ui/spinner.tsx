import { LoaderCircle } from 'lucide-react';
import { cn } from '@web/lib/cn';

type SpinnerProps = {
  className?: string;
  /** Announced to screen readers; leave out for a decorative spinner (e.g. inside a busy button). */
  label?: string;
};

export function Spinner({ className, label }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
  if (!label) return icon;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {icon}
    </span>
  );
}

/** Centered spinner for a page or section whose data (or session) is still loading. */
export function PageSpinner({ className }: { className?: string }) {
  return (
    <div className={cn('flex min-h-[50vh] w-full items-center justify-center', className)}>
      <Spinner label="Loading" className="size-8 text-muted-foreground" />
    </div>
  );
}
