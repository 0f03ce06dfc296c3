import { ADMIN_ACTION_LABELS, ADMIN_MSG, type AuditEntry } from '@common/admin/model';
import { formatDateTime } from '@web/lib/format-time';
import { useAuditLog } from '../api/get-audit';
import { ListState, LoadMore } from './load-more';

/** What the entry names: a person by username, anything else by its kind and id. */
function targetText(entry: AuditEntry) {
  return entry.targetName ?? `${entry.targetType} ${entry.targetId}`;
}

/** Audit log tab: every admin action, newest first. */
export function AuditTab() {
  const audit = useAuditLog();
  const items = audit.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="grid gap-2 pt-3">
      {audit.isPending ? (
        <ListState text="Loading..." role="status" />
      ) : audit.isError ? (
        <ListState text={ADMIN_MSG.fetchAuditFailed} role="alert" />
      ) : items.length === 0 ? (
        <ListState text={ADMIN_MSG.noAudit} />
      ) : (
        <ul className="divide-y" aria-label={ADMIN_MSG.tabs.audit}>
          {items.map((e) => (
            <li key={e.id} className="grid gap-0.5 py-2 text-sm" data-action={e.action}>
              <p>
                <span className="font-medium">{e.admin?.username ?? 'A former admin'}</span>{' '}
                {(ADMIN_ACTION_LABELS[e.action] ?? e.action).toLowerCase()}{' '}
                <span className="break-all text-muted-foreground">({targetText(e)})</span>
              </p>
              {typeof e.detail?.reason === 'string' && e.detail.reason ? (
                <p className="text-muted-foreground">“{e.detail.reason}”</p>
              ) : null}
              <p className="text-xs text-muted-foreground">{formatDateTime(e.createdAt)}</p>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasNext={audit.hasNextPage}
        isFetching={audit.isFetchingNextPage}
        onLoad={() => audit.fetchNextPage()}
      />
    </div>
  );
}
