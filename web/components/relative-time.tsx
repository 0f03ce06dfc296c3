import { cn } from '@web/lib/cn';
import { formatDateTime, formatRelativeTime } from '@web/lib/format-time';

/** 'Just now', '5m ago'…, with the full date and time on hover and for machines. */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  return (
    <time
      dateTime={value}
      title={formatDateTime(value)}
      className={cn('shrink-0 text-xs text-muted-foreground', className)}
    >
      {formatRelativeTime(value)}
    </time>
  );
}
