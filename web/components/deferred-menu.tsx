import { Suspense, useState, type ComponentProps, type ReactNode } from 'react';

export type PlaceholderTriggerProps = Pick<
  ComponentProps<'button'>,
  'aria-haspopup' | 'aria-expanded' | 'onClick' | 'onFocus' | 'onPointerEnter' | 'onTouchStart'
>;

type DeferredMenuProps = {
  /** Starts loading the real menu's code; called on hover and focus so a click rarely waits. */
  preload: () => Promise<unknown>;
  /** The real (lazy) menu, rendered already open once the person asks for it. */
  menu: ReactNode;
  /** Draws the trigger; it must look exactly like the real menu's trigger. */
  renderTrigger: (props: PlaceholderTriggerProps) => ReactNode;
  /** What the trigger opens: a menu (the default) or a dialog-like popover. */
  popup?: 'menu' | 'dialog';
};

/**
 * Keeps a dropdown's code (Radix menu and its positioning engine) out of the first page load:
 * a look-alike button stands in until the first click, then the real menu mounts open and takes
 * over (focus moves into it, and back to its trigger when it closes).
 */
export function DeferredMenu({ preload, menu, renderTrigger, popup = 'menu' }: DeferredMenuProps) {
  const [isRequested, setIsRequested] = useState(false);
  const warmUp = () => void preload();
  const placeholder = renderTrigger({
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: warmUp,
    onFocus: warmUp,
    onTouchStart: warmUp,
    onClick: () => setIsRequested(true),
  });
  if (!isRequested) return placeholder;
  return <Suspense fallback={placeholder}>{menu}</Suspense>;
}
