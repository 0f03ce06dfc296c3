import { Send } from 'lucide-react';
import { useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { toast } from '@web/lib/toast';
import { MESSAGING, MESSAGING_MSG, type InquiryRef } from '@common/messages/model';
import { ComposerLinkCard } from '@web/components/link-card';
import { Button } from '@web/components/ui/button';
import { MentionTextarea } from '@web/components/mention-textarea';
import { isApiError } from '@web/lib/api-client';
import { useSendMessage, type SendMessageVariables } from '../api/send-message';
import { addToOutbox } from '../lib/outbox';
import { useTypingNotifier } from './use-chat-signals';

/** A v4 UUID; crypto.randomUUID only exists in secure contexts (https, localhost). */
function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type MessageComposerProps = {
  viewerId: string;
  partnerId: string;
  partnerName: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
  disabled?: boolean;
  /** Opened about something (e.g. a business page's Message): what is sent here is about it. */
  inquiry?: InquiryRef | null;
};

/**
 * The message input: Enter sends, Shift+Enter starts a new line. The text clears at once; if the
 * send fails it comes back, and sending the same text again reuses the failed send's clientId,
 * so a message the server did store (answer lost on the way) is never stored twice. Offline, the
 * message goes to the outbox instead (lib/outbox.ts) and is sent when the connection returns.
 */
export function MessageComposer({
  viewerId,
  partnerId,
  partnerName,
  textareaRef,
  disabled = false,
  inquiry = null,
}: MessageComposerProps) {
  const [text, setText] = useState('');
  const failedSend = useRef<{ content: string; clientId: string } | null>(null);
  const send = useSendMessage(viewerId, partnerId);
  const notifyTyping = useTypingNotifier(partnerId);

  const submit = () => {
    const content = text.trim();
    if (!content || disabled) return;
    const clientId = failedSend.current?.content === content ? failedSend.current.clientId : newClientId();
    failedSend.current = null;
    const variables: SendMessageVariables = {
      receiverId: partnerId,
      clientId,
      content,
      sentAt: new Date().toISOString(),
      ...(inquiry ? { inquiry } : {}),
    };
    const queue = () => {
      const isQueued = addToOutbox({ ...variables, senderId: viewerId });
      if (!isQueued) toast.error(MESSAGING_MSG.outboxFull);
      return isQueued;
    };
    if (!navigator.onLine) {
      if (queue()) setText('');
      return;
    }
    setText('');
    // mutateAsync: every send's failure is handled, even when a later send started meanwhile.
    send.mutateAsync(variables).catch((error: unknown) => {
      // The connection went while it travelled: it waits in the outbox with the same clientId.
      if (!navigator.onLine && isApiError(error) && error.code === 'NETWORK' && queue()) return;
      failedSend.current = { content, clientId };
      setText((current) => (current.trim() ? `${content}\n${current}` : content));
      toast.error(isApiError(error) && error.status === 400 ? error.message : MESSAGING_MSG.sendFailed);
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2 border-t border-border bg-card p-3">
      <ComposerLinkCard text={text} onTextChange={setText} className="basis-full" />
      <MentionTextarea
        placement="above"
        ref={textareaRef}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim()) notifyTyping();
        }}
        onKeyDown={onKeyDown}
        placeholder={MESSAGING_MSG.typeMessage}
        aria-label={`Message ${partnerName}`}
        maxLength={MESSAGING.contentMax}
        rows={1}
        disabled={disabled}
        className="max-h-32 min-h-10 flex-1"
      />
      <Button type="submit" size="icon" aria-label="Send message" disabled={disabled || !text.trim()}>
        <Send aria-hidden="true" />
      </Button>
    </form>
  );
}
