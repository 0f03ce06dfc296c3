import { useState } from 'react';
import { MSG } from '@common/core/texts';
import { PEOPLE_MSG } from '@common/profiles/model';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { SearchInput } from '@web/components/ui/search-input';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useRecipients, type Recipient } from '../api/get-recipients';
import { personName, PersonAvatar } from './person-avatar';

type NewMessageDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The person chosen: the page opens the conversation with them. */
  onPick: (userId: string) => void;
};

/**
 * New message (issue 21): find someone to write to. Friends and people followed first (all of
 * them before anything is typed), then any other member whose name matches.
 */
export function NewMessageDialog({ open, onOpenChange, onPick }: NewMessageDialogProps) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim());
  const query = useRecipients(q, open);
  const items = query.data?.items ?? [];
  const connections = items.filter((p) => p.isConnection);
  const others = items.filter((p) => !p.isConnection);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setText('');
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-lg gap-0 p-0">
        <DialogHeader className="border-b border-border px-6 py-4 pr-12">
          <DialogTitle>{PEOPLE_MSG.newMessage}</DialogTitle>
          <DialogDescription className="sr-only">{PEOPLE_MSG.findPeople}</DialogDescription>
        </DialogHeader>
        <div className="border-b border-border p-3">
          <SearchInput
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={PEOPLE_MSG.findPeoplePlaceholder}
            aria-label={PEOPLE_MSG.findPeople}
          />
        </div>
        <div
          className="max-h-[min(26rem,calc(100dvh-12rem))] overflow-y-auto p-2"
          aria-busy={query.isFetching}
        >
          {query.isPending ? (
            <div className="flex justify-center py-8">
              <Spinner label="Loading people" className="size-5 text-muted-foreground" />
            </div>
          ) : query.isError ? (
            <p role="alert" className="px-4 py-8 text-center text-sm text-destructive-text">
              {isApiError(query.error) ? query.error.message : MSG.unexpected}
            </p>
          ) : items.length === 0 ? (
            <p role="status" className="px-4 py-8 text-center text-sm text-muted-foreground">
              {q ? PEOPLE_MSG.noPeople : PEOPLE_MSG.noConnectionsYet}
            </p>
          ) : (
            <>
              <PeopleGroup
                id="nm-connections"
                title={PEOPLE_MSG.connectionsGroup}
                people={connections}
                onPick={onPick}
              />
              <PeopleGroup id="nm-others" title={PEOPLE_MSG.othersGroup} people={others} onPick={onPick} />
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function PeopleGroup({
  id,
  title,
  people,
  onPick,
}: {
  id: string;
  title: string;
  people: Recipient[];
  onPick: (userId: string) => void;
}) {
  if (people.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mb-2">
      <h3 id={id} className="px-3 py-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h3>
      <ul aria-labelledby={id} className="flex flex-col gap-0.5">
        {people.map((person) => (
          <li key={person.id}>
            <button
              type="button"
              onClick={() => onPick(person.id)}
              className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
            >
              <PersonAvatar person={person} className="size-9" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{personName(person)}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {person.title || `@${person.username}`}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
