import { Briefcase, Check, CheckCheck, Clock, CloudOff } from 'lucide-react';
import { MESSAGE_REPORT_TARGET } from '@common/messages/model';
import { MESSAGING_MSG, type Message } from '@common/messages/model';
import { MentionText } from '@web/components/mention-text';
import { TextLinkCard } from '@web/components/link-card';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@web/lib/format-time';
import { isQueuedMessage } from '../lib/outbox';
import { ReportButton } from '@web/components/report/report-actions';

export function formatClock(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/** Waiting in the outbox, sending, sent or read: the tick under the viewer's own messages. */
function DeliveryTick({
  isPending,
  isRead,
  isQueued,
}: {
  isPending: boolean;
  isRead: boolean;
  isQueued: boolean;
}) {
  const [Icon, label] = isQueued
    ? [CloudOff, MESSAGING_MSG.queued]
    : isPending
      ? [Clock, 'Sending']
      : isRead
        ? [CheckCheck, 'Read']
        : [Check, 'Sent'];
  return (
    <span role="img" aria-label={label} title={label} className="inline-flex items-center gap-1">
      <Icon aria-hidden="true" className={cn('size-3.5', isRead && 'text-sky-600 dark:text-sky-400')} />
      {isQueued ? <span aria-hidden="true">{label}</span> : null}
    </span>
  );
}

type MessageBubbleProps = {
  message: Message;
  isOwn: boolean;
  isPending: boolean;
  /**
   * False inside a run of messages from one person in the same minute with the same status: the
   * time and tick are then only said to screen readers, and shown under the run's last message.
   */
  isMetaShown?: boolean;
};

export function MessageBubble({ message, isOwn, isPending, isMetaShown = true }: MessageBubbleProps) {
  const title = message.inquiry ? message.metadata?.title : undefined;
  return (
    <div className={cn('flex', isOwn ? 'justify-end' : 'justify-start')}>
      <div
        className={cn('flex max-w-[85%] flex-col gap-1 sm:max-w-[75%]', isOwn ? 'items-end' : 'items-start')}
      >
        {title ? (
          <span className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-card px-2 py-0.5 text-xs text-muted-foreground">
            <Briefcase aria-hidden="true" className="size-3 shrink-0" />
            <span className="sr-only">Business inquiry about </span>
            <span className="truncate">{title}</span>
          </span>
        ) : null}
        <div
          className={cn(
            'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
            isOwn
              ? 'rounded-br-sm bg-primary text-primary-foreground'
              : 'rounded-bl-sm bg-muted text-foreground',
            isPending && 'opacity-70',
          )}
        >
          {/* Addresses in a message are links (issue 21), as in comments. */}
          <MentionText
            text={message.content}
            linkClassName={isOwn ? 'text-primary-foreground' : 'text-link'}
          />
        </div>
        <TextLinkCard text={message.content} />
        <div
          className={cn(
            'flex items-center gap-1 px-1 text-xs text-muted-foreground',
            !isMetaShown && 'sr-only',
          )}
        >
          <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
            {formatClock(message.createdAt)}
          </time>
          {isOwn ? (
            <DeliveryTick isPending={isPending} isRead={message.read} isQueued={isQueuedMessage(message)} />
          ) : null}
          {!isOwn && isMetaShown ? (
            <ReportButton target={{ ...MESSAGE_REPORT_TARGET, id: message.id }} name="message" isIconOnly />
          ) : null}
        </div>
      </div>
    </div>
  );
}
