import { useRef } from 'react';
import { Link } from 'react-router';
import { MESSAGING_MSG } from '@common/messages/model';
import { useMe } from '@web/lib/me';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@web/components/ui/dialog';
import { ChatConversation } from './chat-conversation';

type ChatDialogProps = {
  partnerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The layout's chat window (full screen on phones). Visitors are asked to log in. */
export function ChatDialog({ partnerId, open, onOpenChange }: ChatDialogProps) {
  const { viewer } = useMe();
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby={undefined}
        onOpenAutoFocus={(event) => {
          // Straight to typing, except on touch screens where that would pop the keyboard up.
          if (!textareaRef.current || window.matchMedia('(pointer: coarse)').matches) return;
          event.preventDefault();
          textareaRef.current.focus();
        }}
        className="flex h-[min(40rem,calc(100dvh-2rem))] max-w-lg flex-col gap-0 overflow-hidden p-0 max-sm:top-0 max-sm:left-0 max-sm:h-dvh max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0"
      >
        {viewer ? (
          <ChatConversation
            key={partnerId}
            viewerId={viewer.id}
            partnerId={partnerId}
            titleAs={DialogTitle}
            headerClassName="pr-12"
            textareaRef={textareaRef}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
            <DialogTitle>Chat</DialogTitle>
            <p className="text-sm text-muted-foreground">{MESSAGING_MSG.logInToChat}</p>
            <Button asChild size="sm" className="mt-2">
              <Link to="/auth" onClick={() => onOpenChange(false)}>
                Sign In
              </Link>
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
