import { MSG } from '@common/core/texts';
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
import type { SignInAsk } from './sign-in-prompt';

type SignInPromptDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ask: SignInAsk;
  onSignIn: () => void;
  onCreateAccount: () => void;
};

/** Loaded on first use by SignInPromptProvider, so the dialog code stays out of the first view. */
export function SignInPromptDialog({
  open,
  onOpenChange,
  ask,
  onSignIn,
  onCreateAccount,
}: SignInPromptDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>{MSG.signInRequiredTitle}</DialogTitle>
          <DialogDescription>
            {typeof ask === 'string' ? MSG.signInRequired(ask) : ask.message}
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">{MSG.signInRequiredHint}</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="outline" onClick={onCreateAccount}>
            {MSG.createAccount}
          </Button>
          <Button onClick={onSignIn}>Sign in</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
