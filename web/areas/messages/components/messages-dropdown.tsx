import { useState } from 'react';
import { Link } from 'react-router';
import { MESSAGING_MSG } from '@common/messages/model';
import { SearchInput } from '@web/components/ui/search-input';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useUnreadCounts } from '../api/get-unread-counts';
import { useChat } from './chat-context';
import { ConversationList } from './conversation-list';
import { MessagesTrigger } from './messages-trigger';

/** The top bar's messages dropdown: search and recent conversations; a click opens the chat. */
export function MessagesDropdown({
  viewerId,
  defaultOpen = false,
}: {
  viewerId: string;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const { data } = useUnreadCounts();
  const { openChat } = useChat();

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <MessagesTrigger count={data?.messages ?? 0} />
      </PopoverTrigger>
      <PopoverContent aria-label="Messages" className="flex w-96 flex-col p-0">
        <div className="flex items-center justify-between gap-2 px-4 pt-3 pb-2">
          <h2 className="text-base font-semibold">Messages</h2>
          <Link
            to="/messages"
            onClick={() => setOpen(false)}
            className="rounded-sm text-sm font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            Open messages
          </Link>
        </div>
        <div className="px-3 pb-2">
          <SearchInput
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={MESSAGING_MSG.searchConversations}
            aria-label="Search conversations"
          />
        </div>
        <ConversationList
          viewerId={viewerId}
          q={q}
          label="Conversations"
          emptyText={MESSAGING_MSG.noMessages}
          noMatchText={MESSAGING_MSG.noConversationsFound}
          className="h-[400px] max-h-[calc(100dvh-12rem)] border-t border-border"
          onSelect={(partnerId) => {
            setOpen(false);
            openChat(partnerId);
          }}
        />
      </PopoverContent>
    </Popover>
  );
}
