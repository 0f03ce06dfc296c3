import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` (a lazy dialog) from the first time `open` is true, and keeps them from then
 * on, so the dialog's closing animation still plays. Until then nothing: the dialog's code is not
 * loaded for a page's first view (docs/decisions/043). While that code loads after the first
 * opening, nothing shows; it is a local chunk and the trigger asked for it on hover or focus.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [wasOpened, setWasOpened] = useState(open);
  if (open && !wasOpened) setWasOpened(true);
  return wasOpened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
