import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLoadOnScroll } from '@web/lib/use-load-on-scroll';

/**
 * Renders `children` once its place comes within `rootMargin` of the viewport, and keeps them from
 * then on; until then a placeholder of `minHeight` holds the place. A list of posts asks each post's
 * reactions and comments (and listens to them live) only as the reader reaches it, not all ten at
 * once. Without IntersectionObserver (an old browser, the prerenderer) the children render at once.
 */
export function WhenNearView({
  children,
  minHeight,
  rootMargin = '600px 0px',
}: {
  children: ReactNode;
  minHeight: string;
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearView(ref, rootMargin);
  if (near) return <>{children}</>;
  return <div ref={ref} style={{ minHeight }} aria-hidden="true" />;
}

/**
 * Whether `target` has come within `rootMargin` of the viewport (and stays true from then on): for
 * a part that keeps its own frame and only waits to read its data. True at once without
 * IntersectionObserver.
 */
export function useNearView(target: RefObject<HTMLElement | null>, rootMargin = '600px 0px') {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useLoadOnScroll({ target, enabled: !near, onLoad: () => setNear(true), rootMargin });
  return near;
}
