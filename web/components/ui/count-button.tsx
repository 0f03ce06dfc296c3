import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { Button } from './button';
import { CountBadge } from './count-badge';

/**
 * An icon button with an unread count: the label says the number ("Messages, 3 unread"), the
 * badge shows `countText` (e.g. '99+').
 */
export function CountButton({
  icon: Icon,
  label,
  count,
  countText,
  className,
  ...props
}: ComponentProps<typeof Button> & { icon: LucideIcon; label: string; count: number; countText: string }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={count > 0 ? `${label}, ${count} unread` : label}
      className={cn('relative', className)}
      {...props}
    >
      <Icon aria-hidden="true" className="size-5" />
      <CountBadge count={count} text={countText} />
    </Button>
  );
}
