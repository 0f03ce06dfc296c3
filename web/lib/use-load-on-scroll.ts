import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls `onLoad` when `target`'s element comes within `rootMargin` of view (of `root`'s scroll box,
 * or the page) while `enabled`: how infinite lists load their next page. Pass `enabled` false while
 * a page is loading; turning it on again observes afresh, so an end still in view after a page
 * loads the next one too.
 */
export function useLoadOnScroll({
  target,
  root,
  enabled,
  onLoad,
  rootMargin,
}: {
  target: RefObject<HTMLElement | null>;
  root?: RefObject<HTMLElement | null>;
  enabled: boolean;
  onLoad: () => unknown;
  rootMargin: string;
}): void {
  // The latest callback is called without observing again on every render.
  const load = useRef(onLoad);
  useEffect(() => {
    load.current = onLoad;
  });
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void load.current();
      },
      { root: root?.current ?? null, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, rootMargin, target, root]);
}
