import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Logo } from '@web/components/logo';
import { DialogOverlay } from '@web/components/ui/dialog';
import { SideNav } from './side-nav';

type MobileDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isSignedIn: boolean;
  isSessionLoading?: boolean;
  /** Focus goes back to the top bar's menu button when the drawer closes. */
  returnFocusRef: RefObject<HTMLButtonElement | null>;
  id: string;
};

/**
 * The side menu below 768px: a modal drawer (Radix Dialog), so focus is trapped inside while it
 * is open, Escape or a tap outside closes it, and following a link closes it.
 */
export function MobileDrawer({
  open,
  onOpenChange,
  isSignedIn,
  isSessionLoading,
  returnFocusRef,
  id,
}: MobileDrawerProps) {
  const close = () => onOpenChange(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          id={id}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusRef.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto border-r border-border bg-card text-card-foreground shadow-xl outline-none motion-safe:data-[state=open]:animate-slide-in-left"
        >
          <div className="flex h-14 shrink-0 items-center justify-between border-b border-border px-3">
            <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
            <Link
              to="/"
              onClick={close}
              className="rounded-md px-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Logo />
            </Link>
            <DialogPrimitive.Close className="inline-flex size-10 items-center justify-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring">
              <XIcon aria-hidden="true" className="size-5" />
              <span className="sr-only">Close menu</span>
            </DialogPrimitive.Close>
          </div>
          <SideNav isSignedIn={isSignedIn} isSessionLoading={isSessionLoading} onNavigate={close} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
