import { Fragment, useLayoutEffect, useRef, type ReactNode } from 'react';
import { MESSAGING, type Message } from '@common/messages/model';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { formatChatSeparator } from './chat-separator-time';
import { isPendingMessage } from '../api/send-message';
import { formatClock, MessageBubble } from './message-bubble';
import { useLoadOnScroll } from '@web/lib/use-load-on-scroll';

type ThreadViewProps = {
  viewerId: string;
  /** Oldest first, pending sends last. */
  messages: Message[];
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  /** Shown instead of the list when there are no messages (loading, error or empty text). */
  emptyState: ReactNode;
  label: string;
};

const BOTTOM_SLACK_PX = 80;

type ScrollSnapshot = {
  firstKey: string | undefined;
  lastKey: string | undefined;
  scrollHeight: number;
  scrollTop: number;
  isAtBottom: boolean;
};

const keyOf = (message: Message | undefined) => (message ? (message.clientId ?? message.id) : undefined);

/**
 * The message list shared by the chat dialog and the messages page: starts at the bottom, keeps
 * the reading position when older pages are added on top, and follows new messages only when
 * the reader is already at the bottom (or sent the message).
 */
export function ThreadView({
  viewerId,
  messages,
  hasOlder,
  isLoadingOlder,
  onLoadOlder,
  emptyState,
  label,
}: ThreadViewProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const snapshot = useRef<ScrollSnapshot | null>(null);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const before = snapshot.current;
    const firstKey = keyOf(messages[0]);
    const last = messages.at(-1);
    const lastKey = keyOf(last);
    if (!before || before.lastKey === undefined) {
      el.scrollTop = el.scrollHeight;
    } else if (lastKey !== before.lastKey) {
      if (before.isAtBottom || last?.senderId === viewerId) el.scrollTop = el.scrollHeight;
    } else if (firstKey !== before.firstKey) {
      // Older messages were added above: keep the same message under the reader's eyes.
      el.scrollTop = el.scrollHeight - before.scrollHeight + before.scrollTop;
    }
    snapshot.current = {
      firstKey,
      lastKey,
      scrollHeight: el.scrollHeight,
      scrollTop: el.scrollTop,
      isAtBottom: el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK_PX,
    };
  }, [messages, viewerId]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el || !snapshot.current) return;
    snapshot.current.scrollTop = el.scrollTop;
    snapshot.current.scrollHeight = el.scrollHeight;
    snapshot.current.isAtBottom = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK_PX;
  };

  // Reaching the top loads the previous page.
  useLoadOnScroll({
    target: topRef,
    root: scrollRef,
    enabled: hasOlder && !isLoadingOlder && messages.length > 0,
    onLoad: onLoadOlder,
    rootMargin: '200px 0px 0px 0px',
  });

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      tabIndex={0}
      role="region"
      aria-label={label}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-3 outline-none [overflow-anchor:none] focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:px-4"
    >
      {messages.length === 0 ? (
        <div className="flex h-full flex-col items-center justify-center gap-1 text-center text-sm text-muted-foreground">
          {emptyState}
        </div>
      ) : (
        <>
          <div ref={topRef} className="flex min-h-8 justify-center pb-2">
            {isLoadingOlder ? (
              <Spinner label="Loading earlier messages" className="text-muted-foreground" />
            ) : hasOlder ? (
              <Button variant="ghost" size="sm" onClick={onLoadOlder}>
                Load earlier messages
              </Button>
            ) : null}
          </div>
          <ol className="flex flex-col gap-1.5">
            {messages.map((message, index) => {
              const previous = messages[index - 1];
              const next = messages[index + 1];
              const gap = previous
                ? Date.parse(message.createdAt) - Date.parse(previous.createdAt)
                : Infinity;
              const isPending = isPendingMessage(message);
              const isMetaShown =
                !next ||
                next.senderId !== message.senderId ||
                formatClock(next.createdAt) !== formatClock(message.createdAt) ||
                next.read !== message.read ||
                isPendingMessage(next) !== isPending;
              return (
                <Fragment key={keyOf(message)}>
                  {gap > MESSAGING.separatorGapMs ? (
                    <li className="flex justify-center py-1">
                      <time
                        dateTime={message.createdAt}
                        className="rounded-full bg-muted px-2.5 py-0.5 text-xs text-muted-foreground"
                      >
                        {formatChatSeparator(message.createdAt)}
                      </time>
                    </li>
                  ) : null}
                  <li>
                    <MessageBubble
                      message={message}
                      isOwn={message.senderId === viewerId}
                      isPending={isPending}
                      isMetaShown={isMetaShown}
                    />
                  </li>
                </Fragment>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}
