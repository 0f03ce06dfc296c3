import { cn } from '@web/lib/cn';

/**
 * The small count on an icon button (unread messages, notifications). Decorative: the button's
 * own label says the number. Nothing is drawn for zero.
 */
export function CountBadge({ count, text, className }: { count: number; text: string; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.625rem] leading-none font-semibold text-destructive-foreground tabular-nums ring-2 ring-card',
        className,
      )}
    >
      {text}
    </span>
  );
}
