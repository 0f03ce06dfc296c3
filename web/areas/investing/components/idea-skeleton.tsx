import { INVESTING } from '@common/investing/model';
import { Card } from '@web/components/ui/card';

/** The cards' shape while the first page loads. */
export function IdeaSkeleton() {
  return (
    <div role="status" aria-label="Loading business ideas" className="grid gap-4 md:grid-cols-2">
      {Array.from({ length: INVESTING.skeletons }, (_, i) => (
        <Card key={i} aria-hidden="true" className="animate-pulse overflow-hidden">
          <div className="aspect-[2/1] w-full bg-muted" />
          <div className="grid gap-3 p-4">
            <div className="h-5 w-3/4 rounded bg-muted" />
            <div className="h-5 w-24 rounded-full bg-muted" />
            <div className="flex items-center gap-2">
              <div className="size-7 rounded-full bg-muted" />
              <div className="h-3.5 w-28 rounded bg-muted" />
            </div>
            <div className="h-2 w-full rounded-full bg-muted" />
            <div className="h-9 w-full rounded bg-muted" />
          </div>
        </Card>
      ))}
    </div>
  );
}
