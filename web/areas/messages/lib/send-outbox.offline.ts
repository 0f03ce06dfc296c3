import type { QueryClient } from '@tanstack/react-query';
import { previewText } from '@common/messages/model';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { messagesKeys } from '../api/query-keys';
import { sendMessage } from '../api/send-message';
import { putMessageInThread } from '../api/thread-cache';
import { readOutbox, removeFromOutbox } from './outbox';

/** One tab of the browser sends the outbox at a time; the others skip their turn. */
const LOCK = 'cofound:messages-outbox';

/**
 * Sends what waits in the outbox, oldest first, each with the clientId it was written with: a
 * message the server already has (another tab sent it, or the answer was lost) comes back as the
 * stored one and is not stored again. A refusal (blocked meanwhile, for example) drops the message
 * and says so; a network or server failure stops until the next try.
 */
export async function sendOutbox(queryClient: QueryClient, viewerId: string): Promise<void> {
  const run = async () => {
    let sent = 0;
    for (;;) {
      // Read again each time: another tab may have sent some meanwhile.
      const item = readOutbox().find((waiting) => waiting.senderId === viewerId);
      if (!item) break;
      try {
        putMessageInThread(queryClient, viewerId, await sendMessage(item));
        removeFromOutbox(item.clientId);
        sent += 1;
      } catch (error) {
        const isRefused =
          isApiError(error) &&
          error.status >= 400 &&
          error.status < 500 &&
          ![401, 408, 429].includes(error.status);
        if (!isRefused) break;
        removeFromOutbox(item.clientId);
        toast.error(error.message, { description: previewText(item.content, 120) });
      }
    }
    if (sent) void queryClient.invalidateQueries({ queryKey: messagesKeys.conversationLists() });
  };
  if ('locks' in navigator && navigator.locks) {
    await navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => (lock ? run() : undefined));
  } else {
    await run();
  }
}
