import { ADMIN_MSG } from '@common/admin/model';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';

/** The foot of a paged admin list. */
export function LoadMore(props: { hasNext: boolean; isFetching: boolean; onLoad: () => unknown }) {
  if (!props.hasNext) return null;
  return (
    <div className="flex justify-center pt-3">
      <Button variant="outline" size="sm" disabled={props.isFetching} onClick={() => void props.onLoad()}>
        {props.isFetching ? <Spinner /> : null}
        {ADMIN_MSG.loadMore}
      </Button>
    </div>
  );
}

/** Loading, failed or empty: the one line a list shows instead of its rows. */
export function ListState(props: { text: string; role?: 'alert' | 'status' }) {
  return (
    <p role={props.role} className="py-8 text-center text-sm text-muted-foreground">
      {props.text}
    </p>
  );
}
