import { Newspaper } from 'lucide-react';
import { Card } from '@web/components/ui/card';

/** Stands in for the news feed until the feed issue lands. */
export function FeedPlaceholder() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">News Feed</h1>
      <Card className="mt-6 flex flex-col items-center px-6 py-12 text-center">
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Newspaper aria-hidden="true" className="size-6" />
        </div>
        <p className="font-medium">Your feed arrives soon.</p>
        <p className="mt-2 max-w-md text-sm text-muted-foreground">
          Posts, articles, events and ideas from the community will show up here.
        </p>
      </Card>
    </div>
  );
}
