import { ArrowUp } from 'lucide-react';
import { FEED_MSG, type FeedNewItems } from '@common/feed/model';
import { Button } from '@web/components/ui/button';

/**
 * '{n} new posts' over the top of the list, kept in view under the filter bar while scrolling.
 * Takes no room of its own, so nothing the person is reading moves when it appears. The polite
 * live region around it is always there, so screen readers hear it when it shows up or grows.
 */
export function NewPostsPill({ pending, onShow }: { pending: FeedNewItems; onShow: () => void }) {
  const count = pending.items.length;
  return (
    <div aria-live="polite" className="sticky top-30 z-10 flex h-0 justify-center">
      {count > 0 || pending.more ? (
        <Button
          onClick={onShow}
          size="sm"
          className="-mt-1 rounded-full px-4 shadow-lg motion-safe:animate-pop-in"
        >
          <ArrowUp aria-hidden="true" />
          {FEED_MSG.newPosts(count)}
        </Button>
      ) : null}
    </div>
  );
}
