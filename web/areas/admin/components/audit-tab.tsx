import { Link } from 'react-router';
import { ADMIN_ACTION_LABELS, ADMIN_MSG, type AuditEntry } from '@common/admin/model';
import { formatDateTime } from '@web/lib/format-time';
import { useAuditLog } from '../api/get-audit';
import { ListState, LoadMore } from './load-more';

/** What the entry acted on, by name (a person, an article, the reported words), linked while it exists. */
function Target({ entry }: { entry: AuditEntry }) {
  const text = entry.targetName ?? entry.targetType;
  const quoted = entry.targetType !== 'user' && entry.targetName ? `“${text}”` : text;
  return entry.targetLink ? (
    <Link to={entry.targetLink} className="font-medium break-words underline-offset-2 hover:underline">
      {quoted}
    </Link>
  ) : (
    <span className="font-medium break-words">{quoted}</span>
  );
}

/** Audit log tab: every admin action, newest first, naming the people and content it touched. */
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
                {e.admin ? (
                  <Link to={`/profile/${e.admin.id}`} className="font-medium hover:underline">
                    {e.admin.name}
                  </Link>
                ) : (
                  <span className="font-medium">{ADMIN_MSG.formerAdmin}</span>
                )}{' '}
                {(ADMIN_ACTION_LABELS[e.action] ?? e.action).toLowerCase()}: <Target entry={e} />
                {e.person ? (
                  <>
                    {' '}
                    {ADMIN_MSG.auditBy}{' '}
                    <Link to={`/profile/${e.person.id}`} className="font-medium hover:underline">
                      {e.person.name}
                    </Link>
                  </>
                ) : null}
              </p>
              {typeof e.detail?.reason === 'string' && e.detail.reason ? (
                <p className="text-muted-foreground">“{e.detail.reason}”</p>
              ) : typeof e.detail?.note === 'string' && e.detail.note ? (
                <p className="text-muted-foreground">“{e.detail.note}”</p>
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
