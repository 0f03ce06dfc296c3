import type { ReactNode } from 'react';
import { Briefcase } from 'lucide-react';
import { useRef } from 'react';
import { MSG } from '@common/core/texts';
import { badgeText, type ConversationSummary } from '@common/messages/model';
import { LoadError } from '@web/components/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { RelativeTime } from '@web/components/relative-time';
import { useConversations } from '../api/get-conversations';
import { personName, PersonAvatar } from './person-avatar';
import { useLoadOnScroll } from '@web/lib/use-load-on-scroll';

type ConversationListProps = {
  viewerId: string;
  q: string;
  onSelect: (partnerId: string) => void;
  selectedId?: string | null;
  /** Shown when there are no conversations at all, and when a search finds none. */
  emptyText: string;
  noMatchText: string;
  /** Under the empty text (the messages page's New message). */
  emptyAction?: ReactNode;
  className?: string;
  label: string;
};

function ConversationRow({
  conversation,
  viewerId,
  isSelected,
  onSelect,
}: {
  conversation: ConversationSummary;
  viewerId: string;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const { partner, lastMessage, unreadCount } = conversation;
  const name = personName(partner);
  const isMine = lastMessage.senderId === viewerId;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={isSelected ? 'true' : undefined}
      className={cn(
        'flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        isSelected && 'bg-secondary hover:bg-secondary-hover',
      )}
    >
      <PersonAvatar person={partner} isOnline={partner.isOnline} className="size-10" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate text-sm', unreadCount > 0 ? 'font-semibold' : 'font-medium')}>
            {name}
            {partner.isOnline ? <span className="sr-only"> (online)</span> : null}
          </span>
          <RelativeTime value={lastMessage.createdAt} />
        </span>
        <span className="mt-0.5 flex items-center gap-2">
          <span
            className={cn(
              'flex min-w-0 flex-1 items-center gap-1 truncate text-sm',
              unreadCount > 0 ? 'text-foreground' : 'text-muted-foreground',
            )}
          >
            {lastMessage.isInquiry ? (
              <>
                <Briefcase aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="sr-only">Business inquiry: </span>
              </>
            ) : null}
            <span className="truncate">
              {isMine ? 'You: ' : ''}
              {lastMessage.preview}
            </span>
          </span>
          {unreadCount > 0 ? (
            <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums">
              <span aria-hidden="true">{badgeText(unreadCount)}</span>
              <span className="sr-only">{`${unreadCount} unread`}</span>
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}

/**
 * The viewer's conversations, newest first, with infinite loading; shared by the messages page
 * (contact list) and the top-bar dropdown.
 */
export function ConversationList({
  viewerId,
  q,
  onSelect,
  selectedId,
  emptyText,
  noMatchText,
  emptyAction,
  className,
  label,
}: ConversationListProps) {
  const query = useConversations({ q });
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  const endRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useLoadOnScroll({
    target: endRef,
    root: scrollRef,
    enabled: hasNextPage && !isFetchingNextPage,
    onLoad: fetchNextPage,
    rootMargin: '0px 0px 200px 0px',
  });

  return (
    <div ref={scrollRef} className={cn('min-h-0 overflow-y-auto overscroll-contain p-1', className)}>
      {query.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading conversations" className="size-5 text-muted-foreground" />
        </div>
      ) : query.isError && rows.length === 0 ? (
        <LoadError
          className="gap-2 px-4"
          message={isApiError(query.error) ? query.error.message : MSG.unexpected}
          onRetry={query.refetch}
        />
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center gap-3 px-4 py-8 text-center text-sm text-muted-foreground">
          <p>{q ? noMatchText : emptyText}</p>
          {q ? null : emptyAction}
        </div>
      ) : (
        <ul
          aria-label={label}
          aria-busy={query.isFetching && query.isPlaceholderData}
          className="flex flex-col gap-0.5"
        >
          {rows.map((conversation) => (
            <li key={conversation.partner.id}>
              <ConversationRow
                conversation={conversation}
                viewerId={viewerId}
                isSelected={selectedId === conversation.partner.id}
                onSelect={() => onSelect(conversation.partner.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <div ref={endRef} className="flex justify-center">
        {isFetchingNextPage ? (
          <Spinner label="Loading more conversations" className="my-2 text-muted-foreground" />
        ) : null}
      </div>
    </div>
  );
}
