import { MSG } from '@common/core/texts';
import { MESSAGING_MSG, previewText } from '@common/messages/model';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { RelativeTime } from '@web/components/relative-time';
import { useInquiries } from '../api/get-inquiries';
import { useChat } from './chat-context';
import { personName, PersonAvatar } from './person-avatar';

type InquiriesDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Business Inquiries': who asked about which idea or page; a click opens the chat with them. */
export function InquiriesDialog({ open, onOpenChange }: InquiriesDialogProps) {
  const query = useInquiries();
  const { openChat } = useChat();
  const items = query.data?.items ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined} className="max-w-lg gap-0 p-0">
        <DialogHeader className="border-b border-border px-6 py-4 pr-12">
          <DialogTitle>{MESSAGING_MSG.businessInquiries}</DialogTitle>
        </DialogHeader>
        <div className="max-h-[min(28rem,calc(100dvh-8rem))] overflow-y-auto p-2">
          {query.isPending ? (
            <div className="flex justify-center py-8">
              <Spinner label="Loading inquiries" className="size-5 text-muted-foreground" />
            </div>
          ) : query.isError ? (
            <p role="alert" className="px-4 py-8 text-center text-sm text-destructive-text">
              {isApiError(query.error) ? query.error.message : MSG.unexpected}
            </p>
          ) : items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-muted-foreground">{MESSAGING_MSG.noInquiries}</p>
          ) : (
            <ul className="flex flex-col gap-0.5">
              {items.map((inquiry) => {
                const name = personName(inquiry.sender);
                return (
                  <li key={inquiry.id}>
                    <button
                      type="button"
                      onClick={() => {
                        onOpenChange(false);
                        openChat(inquiry.sender.id);
                      }}
                      className="flex w-full items-start gap-3 rounded-md px-3 py-2.5 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
                    >
                      <PersonAvatar
                        person={inquiry.sender}
                        isOnline={inquiry.sender.isOnline}
                        className="size-10"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="flex items-baseline justify-between gap-2">
                          <span
                            className={cn('truncate text-sm', inquiry.read ? 'font-medium' : 'font-semibold')}
                          >
                            {name}
                            {inquiry.read ? null : <span className="sr-only"> (unread)</span>}
                          </span>
                          <RelativeTime value={inquiry.createdAt} />
                        </span>
                        {inquiry.metadata?.title ? (
                          <span className="mt-1 block truncate text-xs font-medium text-secondary-foreground">
                            <span className="rounded-full bg-secondary px-2 py-0.5">
                              {inquiry.metadata.title}
                            </span>
                          </span>
                        ) : null}
                        <span className="mt-1 block truncate text-sm text-muted-foreground">
                          {previewText(inquiry.content)}
                        </span>
                      </span>
                      {inquiry.read ? null : (
                        <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
