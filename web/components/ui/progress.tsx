import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

type ProgressProps = Omit<ComponentProps<typeof ProgressPrimitive.Root>, 'value' | 'max'> & {
  /** 0 to 100; null while the amount is unknown (indeterminate). */
  value: number | null;
  /** What is progressing, for screen readers ('Uploading avatar'); they also hear the percentage. */
  label: string;
};

/** A progress bar (uploads): role progressbar with its value and label announced. */
export function Progress({ value, label, className, ...props }: ProgressProps) {
  const percent = value === null ? null : Math.max(0, Math.min(100, Math.round(value)));
  return (
    <ProgressPrimitive.Root
      value={percent}
      max={100}
      aria-label={label}
      getValueLabel={(v, max) => `${Math.round((v / max) * 100)}%`}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          'h-full w-full bg-primary transition-transform duration-200 ease-out motion-reduce:transition-none',
          percent === null && 'animate-pulse',
        )}
        style={{ transform: `translateX(-${100 - (percent ?? 100)}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
