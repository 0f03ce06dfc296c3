import { FEED } from '@common/feed/model';
import { Card } from '@web/components/ui/card';

/** The cards' shape while the first page loads (FEED.skeletons of them). */
export function FeedSkeleton() {
  return (
    <div role="status" aria-label="Loading feed" className="flex flex-col gap-4">
      {Array.from({ length: FEED.skeletons }, (_, i) => (
        <Card key={i} aria-hidden="true" className="animate-pulse p-4 sm:p-5">
          <div className="flex items-center gap-3">
            <div className="size-10 rounded-full bg-muted" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-3.5 w-32 rounded bg-muted" />
              <div className="h-3 w-20 rounded bg-muted" />
            </div>
            <div className="h-5 w-16 rounded-full bg-muted" />
          </div>
          <div className="mt-4 h-4 w-3/4 rounded bg-muted" />
          <div className="mt-2 h-3.5 w-full rounded bg-muted" />
          <div className="mt-2 h-3.5 w-5/6 rounded bg-muted" />
        </Card>
      ))}
    </div>
  );
}
