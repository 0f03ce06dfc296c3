import { cn } from '@web/lib/cn';
import { formatDateTime, formatRelativeTime } from '@web/lib/format-time';

/**
 * 'Just now', '5m ago'…, with the full date and time on hover (machines read dateTime). The
 * hover text is made when the pointer comes: a page of cards draws dozens of these, and dates
 * formatted up front were a good part of its first render on a phone.
 */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  return (
    <time
      dateTime={value}
      onPointerEnter={(e) => {
        if (!e.currentTarget.title) e.currentTarget.title = formatDateTime(value);
      }}
      className={cn('shrink-0 text-xs text-muted-foreground', className)}
    >
      {formatRelativeTime(value)}
    </time>
  );
}
