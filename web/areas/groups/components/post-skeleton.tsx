import { Card } from '@web/components/ui/card';

/**
 * Two posts' outline while the posts (or their code) load. In a file of its own: the group page
 * draws it at once, the posts' code comes after the first paint (group-posts.tsx).
 */
export function PostSkeleton() {
  return (
    <div role="status" aria-label="Loading posts" className="flex flex-col gap-4">
      {[0, 1].map((i) => (
        <Card key={i} aria-hidden="true" className="animate-pulse p-4">
          <div className="flex items-center gap-3">
            <div className="size-10 rounded-full bg-muted" />
            <div className="h-3.5 w-32 rounded bg-muted" />
          </div>
          <div className="mt-4 h-3.5 w-full rounded bg-muted" />
          <div className="mt-2 h-3.5 w-2/3 rounded bg-muted" />
        </Card>
      ))}
    </div>
  );
}
