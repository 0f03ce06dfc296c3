import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BUSINESS_MSG, type BusinessPage } from '@common/business-pages/model';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { api, call } from '@web/lib/api';
import { toast } from '@web/lib/toast';

/**
 * 'Message': the first message of a conversation with the page's owner, of type business_page
 * carrying the page (the messages area names it in the thread and the owner's inquiries); then
 * /messages opens on that conversation.
 */
export function MessageDialog({
  page,
  open,
  onOpenChange,
}: {
  page: BusinessPage;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!content.trim()) {
      setError(BUSINESS_MSG.messageEmpty);
      return;
    }
    setIsSending(true);
    try {
      await call(
        api.messages.$post({
          json: {
            receiverId: page.owner.id,
            clientId: crypto.randomUUID(),
            content,
            messageType: 'business_page',
            businessPageId: page.id,
          },
        }),
      );
      onOpenChange(false);
      void navigate(`/messages?with=${page.owner.id}`);
    } catch {
      toast.error(BUSINESS_MSG.messageFailed);
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{BUSINESS_MSG.messageTitle(page.name)}</DialogTitle>
          <DialogDescription className="sr-only">{BUSINESS_MSG.messageTitle(page.name)}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void send(e)} className="flex flex-col gap-3">
          <Label htmlFor="business-message">{BUSINESS_MSG.message}</Label>
          <Textarea
            id="business-message"
            rows={4}
            maxLength={5000}
            value={content}
            placeholder={BUSINESS_MSG.messagePlaceholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'business-message-error' : undefined}
            onChange={(e) => {
              setContent(e.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p id="business-message-error" className="text-sm text-destructive-text">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {BUSINESS_MSG.cancel}
            </Button>
            <Button type="submit" disabled={isSending}>
              {BUSINESS_MSG.send}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
