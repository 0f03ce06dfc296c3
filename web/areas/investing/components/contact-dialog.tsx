import { useId, useState, type FormEvent } from 'react';
import { INVESTING_MSG } from '@common/investing/model';
import { displayName } from '@common/profiles/model';
import type { PersonSummary } from '@common/profiles/model';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useContactFounder } from '../api/contact-founder';

/** 'Contact Founder': a business inquiry about the idea, sent through messages. */
export function ContactDialog({
  idea,
  open,
  onOpenChange,
}: {
  idea: { id: string; title: string; author: PersonSummary };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useContactFounder({ id: idea.id, founderId: idea.author.id });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content) {
      setError(INVESTING_MSG.messageEmpty);
      return;
    }
    send.mutate(content, {
      onSuccess: () => {
        toast.success(INVESTING_MSG.messageSent);
        setText('');
        onOpenChange(false);
      },
      onError: (err) => toast.error(INVESTING_MSG.sendFailed, { description: refusalText(err) }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{INVESTING_MSG.contactFounder}</DialogTitle>
          <DialogDescription>
            About “{idea.title}”, to {displayName(idea.author)}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={INVESTING_MSG.contactFounder}>
          <div className="grid gap-2">
            <Label htmlFor={id}>Message</Label>
            <Textarea
              id={id}
              rows={5}
              value={text}
              placeholder={INVESTING_MSG.contactPlaceholder}
              onChange={(event) => {
                setError(null);
                setText(event.target.value);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error ? (
              <p id={`${id}-error`} className="text-sm text-destructive-text">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter className="gap-2">
            <DialogClose asChild>
              <Button variant="ghost">{INVESTING_MSG.cancel}</Button>
            </DialogClose>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? <Spinner /> : null}
              {INVESTING_MSG.send}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
