import {
  AtSign,
  Bell,
  Briefcase,
  Building2,
  CalendarDays,
  Heart,
  MessageCircle,
  MessageSquare,
  ShieldCheck,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Notification, NotificationType } from '@common/notifications/model';
import { Avatar } from '@web/components/ui/avatar';
import { cn } from '@web/lib/cn';
import { RelativeTime } from '@web/components/relative-time';

const ICONS: Record<NotificationType, LucideIcon> = {
  message: MessageCircle,
  business_inquiry: Briefcase,
  connection_request: UserPlus,
  group_action: Users,
  business_action: Building2,
  reaction: Heart,
  comment: MessageSquare,
  event_invitation: CalendarDays,
  event_rsvp: CalendarDays,
  moderation: ShieldCheck,
  mention: AtSign,
};

type NotificationItemProps = {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  /** The page shows the whole text; the dropdown cuts it to two lines. */
  isCompact?: boolean;
};

/** One notification as a button: marks it read and follows its link. */
export function NotificationItem({ notification, onOpen, isCompact = false }: NotificationItemProps) {
  const Icon = ICONS[notification.type] ?? Bell;
  const actorName = notification.actor ? notification.actor.fullName || notification.actor.username : null;
  return (
    <button
      type="button"
      onClick={() => onOpen(notification)}
      className={cn(
        'flex w-full items-start gap-3 rounded-md px-3 py-2.5 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        !notification.read && 'bg-secondary/60 hover:bg-secondary',
      )}
    >
      <span className="relative shrink-0">
        {notification.actor ? (
          <Avatar src={notification.actor.avatarUrl} name={actorName} className="size-9" />
        ) : (
          <span className="flex size-9 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <Icon aria-hidden="true" className="size-4" />
          </span>
        )}
        {notification.actor ? (
          <span className="absolute -right-1 -bottom-1 flex size-4.5 items-center justify-center rounded-full bg-card text-muted-foreground ring-1 ring-border">
            <Icon aria-hidden="true" className="size-3" />
          </span>
        ) : null}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('text-sm', notification.read ? 'font-medium' : 'font-semibold')}>
            {notification.title}
            {notification.read ? null : <span className="sr-only"> (unread)</span>}
          </span>
          <RelativeTime value={notification.updatedAt} />
        </span>
        <span className={cn('mt-0.5 block text-sm text-muted-foreground', isCompact && 'line-clamp-2')}>
          {notification.message}
        </span>
      </span>
      {notification.read ? null : (
        <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
      )}
    </button>
  );
}
