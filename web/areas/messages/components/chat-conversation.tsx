import { ArrowLeft, CloudOff } from 'lucide-react';
import { useEffect, useMemo, useState, type ElementType, type Ref } from 'react';
import { MSG } from '@common/core/texts';
import { MESSAGING, MESSAGING_MSG, previewText, type InquiryRef, type Message } from '@common/messages/model';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { useThread } from '../api/get-thread';
import { useMarkThreadRead } from '../api/mark-thread-read';
import { usePendingMessages } from '../api/send-message';
import { isQueuedMessage, useOutboxMessages } from '../lib/outbox';
import { MessageComposer } from './message-composer';
import { ThreadView } from './thread-view';
import { personName, PersonAvatar } from './person-avatar';
import { usePageVisible, usePartnerPresence, usePartnerTyping } from './use-chat-signals';

type ChatConversationProps = {
  viewerId: string;
  partnerId: string;
  /** The heading element of the partner's name (the dialog passes its DialogTitle). */
  titleAs?: ElementType;
  /** Adds a back button before the name (the messages page on phones). */
  onBack?: (() => void) | undefined;
  /** Room on the right of the header (the dialog's close button sits there). */
  headerClassName?: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
  /** Opened about something (e.g. a business page's Message): messages sent are about it. */
  inquiry?: InquiryRef | null;
};

/**
 * One conversation: the partner's header ('Active now'), the thread, the typing indicator and the
 * composer. Used by the chat dialog and the messages page. While it is shown in a visible tab,
 * the partner's messages are marked read (on opening, and as new ones arrive).
 */
export function ChatConversation({
  viewerId,
  partnerId,
  titleAs: Title = 'h2',
  onBack,
  headerClassName,
  textareaRef,
  inquiry = null,
}: ChatConversationProps) {
  const thread = useThread(partnerId);
  const pending = usePendingMessages(viewerId, partnerId);
  const queued = useOutboxMessages(viewerId, partnerId);
  const partner = thread.data?.pages[0]?.partner;
  const name = partner ? personName(partner) : thread.isPending ? '' : MESSAGING_MSG.unknownUser;
  const isOnline = usePartnerPresence(partnerId, partner?.isOnline ?? false);
  const isTyping = usePartnerTyping(partnerId);
  const isVisible = usePageVisible();
  const markRead = useMarkThreadRead(partnerId);
  const [announcement, setAnnouncement] = useState('');

  const { messages, queuedCount } = useMemo(() => {
    const stored = (thread.data?.pages ?? []).flatMap((page) => page.items).reverse();
    const storedClientIds = new Set(stored.map((m) => m.clientId).filter(Boolean));
    // A queued message being sent is both in the outbox and pending: shown once, as queued.
    const queuedClientIds = new Set(queued.map((m) => m.clientId));
    const waiting = [...queued, ...pending.filter((m) => !queuedClientIds.has(m.clientId))].filter(
      (m) => !storedClientIds.has(m.clientId),
    );
    return {
      messages: waiting.length ? [...stored, ...waiting] : stored,
      queuedCount: waiting.filter(isQueuedMessage).length,
    };
  }, [thread.data, pending, queued]);

  // Anything unread from the partner while the thread is on screen gets marked read.
  const unreadKey = useMemo(
    () =>
      messages
        .filter((m: Message) => m.senderId === partnerId && !m.read)
        .map((m) => m.id)
        .join(','),
    [messages, partnerId],
  );
  const { mutate: markThreadRead } = markRead;
  useEffect(() => {
    if (isVisible) markThreadRead();
    // Once per opening and whenever the tab comes back into view...
  }, [partnerId, isVisible, markThreadRead]);
  useEffect(() => {
    // ...and now and then while it stays open, so its messages make no notification (issue 21).
    if (!isVisible) return;
    const timer = setInterval(() => markThreadRead(), (MESSAGING.chatViewingS * 1000) / 2);
    return () => clearInterval(timer);
  }, [isVisible, markThreadRead]);
  useEffect(() => {
    // ...and whenever a new unread message shows up.
    if (unreadKey && isVisible) markThreadRead();
  }, [unreadKey, isVisible, markThreadRead]);

  useRealtimeEvent('message.created', ({ message }) => {
    if (message.senderId === partnerId && message.receiverId === viewerId) {
      setAnnouncement(`${name || MESSAGING_MSG.unknownUser}: ${previewText(message.content, 200)}`);
    }
  });

  const isNotFound = isApiError(thread.error) && thread.error.status === 404;
  const isSelf = partnerId === viewerId;
  const emptyState = isSelf ? (
    <p>{MESSAGING_MSG.cannotMessageSelf}</p>
  ) : thread.isPending ? (
    <>
      <Spinner className="size-5" />
      <p>{MESSAGING_MSG.loadingMessages}</p>
    </>
  ) : thread.isError ? (
    <p role="alert">
      {isNotFound
        ? MESSAGING_MSG.recipientNotFound
        : isApiError(thread.error)
          ? thread.error.message
          : MSG.unexpected}
    </p>
  ) : (
    <>
      <p className="font-medium text-foreground">{MESSAGING_MSG.noMessages}</p>
      <p>{MESSAGING_MSG.startConversation}</p>
    </>
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header
        className={cn(
          'flex min-h-16 shrink-0 items-center gap-3 border-b border-border px-3 py-2 sm:px-4',
          headerClassName,
        )}
      >
        {onBack ? (
          <Button
            variant="ghost"
            size="icon"
            className="-ml-1 md:hidden"
            aria-label="Back to conversations"
            onClick={onBack}
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Button>
        ) : null}
        <PersonAvatar person={partner} isOnline={isOnline} />
        <div className="min-w-0">
          <Title className="truncate text-base leading-tight font-semibold">
            {name || <span className="sr-only">{MESSAGING_MSG.loadingMessages}</span>}
          </Title>
          {isOnline ? <p className="text-xs text-success-text">{MESSAGING_MSG.activeNow}</p> : null}
        </div>
      </header>

      <ThreadView
        key={partnerId}
        viewerId={viewerId}
        messages={messages}
        hasOlder={thread.hasNextPage}
        isLoadingOlder={thread.isFetchingNextPage}
        onLoadOlder={() => void thread.fetchNextPage()}
        emptyState={emptyState}
        label={name ? `Messages with ${name}` : 'Messages'}
      />

      {queuedCount ? (
        <p className="flex shrink-0 items-center gap-1.5 border-t border-border bg-muted px-4 py-1.5 text-xs text-foreground">
          <CloudOff aria-hidden="true" className="size-3.5 shrink-0" />
          {MESSAGING_MSG.queuedCount(queuedCount)}
        </p>
      ) : null}
      <div className="h-6 shrink-0 px-4 text-xs text-muted-foreground italic">
        {isTyping && name ? `${name} is typing…` : null}
      </div>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>

      <MessageComposer
        viewerId={viewerId}
        partnerId={partnerId}
        partnerName={name || MESSAGING_MSG.unknownUser}
        textareaRef={textareaRef}
        inquiry={inquiry}
        disabled={isSelf || (thread.isError && !thread.data)}
      />
    </div>
  );
}
