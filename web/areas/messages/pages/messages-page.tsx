import { MessageCircle, SquarePen } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGING_MSG, parseInquiryParam } from '@common/messages/model';
import { useMe } from '@web/lib/me';
import { PEOPLE_MSG } from '@common/profiles/model';
import { Button } from '@web/components/ui/button';
import { SearchInput } from '@web/components/ui/search-input';
import { PageSpinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { ChatConversation } from '../components/chat-conversation';
import { ConversationList } from '../components/conversation-list';
import { NewMessageDialog } from '../components/new-message-dialog';

/**
 * /messages: the contact list and the open conversation side by side; on phones one or the
 * other, with a back button. `?with=<userId>` opens a conversation (notifications link here);
 * `&about=<kind>:<id>` (inquiryChatPath, e.g. a business page's Message) makes what is sent there
 * about that thing; the area owning the kind checks it when the message is sent.
 */
export function MessagesPage() {
  const { viewer } = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const partnerId = searchParams.get('with');
  const inquiry = parseInquiryParam(searchParams.get('about'));
  const [search, setSearch] = useState('');
  const [isPicking, setIsPicking] = useState(false);
  const q = useDebouncedValue(search.trim());

  // RequireAuth keeps visitors out; this covers the moment of signing out.
  if (!viewer) return <PageSpinner />;

  const select = (id: string) => setSearchParams({ with: id });
  const back = () => setSearchParams({});
  const newMessage = (
    <Button size="sm" onClick={() => setIsPicking(true)}>
      <SquarePen aria-hidden="true" />
      {PEOPLE_MSG.newMessage}
    </Button>
  );

  return (
    <div className="flex h-[calc(100dvh-3.5rem)] min-h-80 bg-card">
      <section
        aria-labelledby="messages-heading"
        className={cn(
          'flex w-full min-w-0 flex-col border-r border-border md:w-80 md:shrink-0 lg:w-96',
          partnerId && 'max-md:hidden',
        )}
      >
        <div className="flex flex-col gap-3 border-b border-border p-3 sm:p-4">
          <div className="flex items-center justify-between gap-2">
            <h1 id="messages-heading" className="text-xl font-semibold tracking-tight">
              Messages
            </h1>
            {newMessage}
          </div>
          <SearchInput
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={MESSAGING_MSG.searchContacts}
            aria-label="Search contacts"
          />
        </div>
        <ConversationList
          viewerId={viewer.id}
          q={q}
          label="Conversations"
          selectedId={partnerId}
          onSelect={select}
          emptyText={MESSAGING_MSG.noConversations}
          noMatchText={MESSAGING_MSG.noConversationsFound}
          emptyAction={newMessage}
          className="flex-1"
        />
      </section>

      <section
        aria-label="Conversation"
        className={cn('flex min-w-0 flex-1 flex-col bg-background', !partnerId && 'max-md:hidden')}
      >
        {partnerId ? (
          <ChatConversation
            key={partnerId}
            viewerId={viewer.id}
            partnerId={partnerId}
            onBack={back}
            inquiry={inquiry}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-muted-foreground">
            <MessageCircle aria-hidden="true" className="size-10" />
            <p>{MESSAGING_MSG.selectConversation}</p>
            {newMessage}
          </div>
        )}
      </section>
      <NewMessageDialog
        open={isPicking}
        onOpenChange={setIsPicking}
        onPick={(id) => {
          setIsPicking(false);
          select(id);
        }}
      />
    </div>
  );
}
