import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';

/** 'Load more' under a paged list, busy while the next page loads (keyboard users' way to page). */
export function LoadMoreButton({
  onLoad,
  isLoading,
  size = 'sm',
}: {
  onLoad: () => unknown;
  isLoading: boolean;
  size?: 'sm' | 'default';
}) {
  return (
    <Button variant="outline" size={size} onClick={() => void onLoad()} disabled={isLoading}>
      {isLoading ? <Spinner /> : null}
      Load more
    </Button>
  );
}
