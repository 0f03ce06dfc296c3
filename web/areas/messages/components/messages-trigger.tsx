import { MessageCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { badgeText } from '@common/messages/badge';
import { CountButton } from '@web/components/ui/count-button';

/** The top bar's messages button with the unread count ('99+' above 99). */
export function MessagesTrigger({ count, ...props }: ComponentProps<'button'> & { count: number }) {
  return (
    <CountButton
      icon={MessageCircle}
      label="Messages"
      count={count}
      countText={badgeText(count)}
      {...props}
    />
  );
}
