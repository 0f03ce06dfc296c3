import { ARTICLES } from '@common/articles/model';
import { Card } from '@web/components/ui/card';

/** The cards' shape while the first page loads (three of them). */
export function ArticleSkeleton() {
  return (
    <div role="status" aria-label="Loading articles" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: ARTICLES.skeletons }, (_, i) => (
        <Card key={i} aria-hidden="true" className="animate-pulse overflow-hidden">
          <div className="aspect-[2/1] w-full bg-muted" />
          <div className="p-4">
            <div className="h-5 w-20 rounded-full bg-muted" />
            <div className="mt-3 h-4 w-3/4 rounded bg-muted" />
            <div className="mt-3 h-3.5 w-full rounded bg-muted" />
            <div className="mt-2 h-3.5 w-full rounded bg-muted" />
            <div className="mt-2 h-3.5 w-2/3 rounded bg-muted" />
            <div className="mt-5 flex items-center gap-2">
              <div className="size-7 rounded-full bg-muted" />
              <div className="h-3.5 w-28 rounded bg-muted" />
            </div>
          </div>
        </Card>
      ))}
    </div>
  );
}
