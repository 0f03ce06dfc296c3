import { Ban, ExternalLink, Trash2, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  MODERATION,
  MODERATION_MSG,
  REPORT_ACTION_LABEL,
  REPORT_REASON_LABEL,
  type Report,
  type ReportAction,
  type ReportStatus,
} from '@common/admin/moderation';
import { displayName, nameAndUsername } from '@common/profiles/model';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { RelativeTime } from '@web/components/relative-time';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError, refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useReports } from '../moderation/api/get-reports';
import { useResolveReport } from '../moderation/api/resolve-report';
import { useModerationLive } from '../moderation/api/use-moderation-live';

type Choice = { report: Report; action: ReportAction };
const ACTION_ICON = { remove: Trash2, ban: Ban, dismiss: X } as const;

/** The Reports tab (issue 20 part B): members' reports, open or resolved, and their resolution. */
export default function ReportsTab() {
  useModerationLive();
  const [status, setStatus] = useState<ReportStatus>('open');
  const [choice, setChoice] = useState<Choice | null>(null);
  const reports = useReports(status);
  const resolve = useResolveReport();
  const items = reports.data?.pages.flatMap((p) => p.items) ?? [];

  const confirm = (note: string | null) => {
    if (!choice) return;
    resolve.mutate(
      { id: choice.report.id, action: choice.action, note },
      {
        onSuccess: () => {
          toast.success(MODERATION_MSG.resolved);
          // The resolved report leaves the list: focus goes to the list, not to the lost button.
          requestAnimationFrame(() => document.getElementById('reports-list')?.focus());
        },
        onError: (err) => {
          if (isApiError(err) && err.status === 409) toast.error(MODERATION_MSG.alreadyHandled);
          else toast.error(MODERATION_MSG.resolveFailed, { description: refusalText(err) });
        },
        onSettled: () => setChoice(null),
      },
    );
  };

  return (
    <section
      id="reports-list"
      tabIndex={-1}
      aria-label={MODERATION_MSG.tabReports}
      className="flex flex-col gap-4 outline-none"
    >
      <div role="group" aria-label="Show reports" className="flex flex-wrap gap-2">
        {(['open', 'resolved'] as const).map((s) => (
          <Button
            key={s}
            size="sm"
            variant={status === s ? 'default' : 'outline'}
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
          >
            {s === 'open' ? MODERATION_MSG.reportsOpen : MODERATION_MSG.reportsResolved}
          </Button>
        ))}
      </div>

      {reports.isPending ? (
        <PageSpinner />
      ) : reports.isError ? (
        <LoadError message={MODERATION_MSG.loadReportsFailed} onRetry={() => reports.refetch()} />
      ) : items.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted-foreground">{MODERATION_MSG.noReports}</p>
      ) : (
        <ul aria-label="Reports" className="flex flex-col gap-3">
          {items.map((r) => (
            <ReportRow key={r.id} report={r} onChoose={(action) => setChoice({ report: r, action })} />
          ))}
        </ul>
      )}
      {items.length > 0 ? (
        <InfiniteListEnd query={reports} errorMessage={MODERATION_MSG.loadReportsFailed} />
      ) : null}

      <ResolveDialog
        key={choice ? `${choice.report.id}:${choice.action}` : 'none'}
        choice={choice}
        isBusy={resolve.isPending}
        onClose={() => setChoice(null)}
        onConfirm={confirm}
      />
    </section>
  );
}

function ReportRow({ report, onChoose }: { report: Report; onChoose: (action: ReportAction) => void }) {
  const label = report.targetLabel;
  const actions: ReportAction[] = [
    ...(report.canRemove ? (['remove'] as const) : []),
    ...(report.owner ? (['ban'] as const) : []),
    'dismiss',
  ];
  return (
    <li>
      <Card className="px-4 py-3">
        <CardContent className="flex flex-col gap-2 p-0">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary" className="capitalize">
              {label}
            </Badge>
            <Badge variant="outline">{REPORT_REASON_LABEL[report.reason]}</Badge>
            <RelativeTime value={report.createdAt} />
            {report.action ? <Badge>{REPORT_ACTION_LABEL[report.action]}</Badge> : null}
          </div>
          {report.excerpt ? (
            <blockquote className="border-l-2 border-border pl-3 text-sm break-words whitespace-pre-wrap">
              {report.excerpt}
            </blockquote>
          ) : (
            <p className="text-sm text-muted-foreground">{MODERATION_MSG.contentGone}</p>
          )}
          {report.details ? <p className="text-sm break-words">“{report.details}”</p> : null}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            {report.owner ? (
              <Link to={`/profile/${report.owner.id}`} className="hover:underline">
                {MODERATION_MSG.contentBy(displayName(report.owner))}
              </Link>
            ) : null}
            {report.reporter ? (
              <Link to={`/profile/${report.reporter.id}`} className="hover:underline">
                {MODERATION_MSG.reportedBy(displayName(report.reporter))}
              </Link>
            ) : null}
            {report.link && report.status === 'open' ? (
              <Link to={report.link} className="inline-flex items-center gap-1 hover:underline">
                <ExternalLink aria-hidden="true" className="size-3" />
                {MODERATION_MSG.viewContent}
                <span className="sr-only"> the reported {label}</span>
              </Link>
            ) : null}
          </div>
          {report.status === 'resolved' ? (
            <div className="rounded-md bg-secondary/60 px-3 py-2 text-xs text-muted-foreground">
              {report.resolvedBy ? (
                <p>{MODERATION_MSG.moderatedBy(nameAndUsername(report.resolvedBy))}</p>
              ) : null}
              {report.resolvedAt ? <RelativeTime value={report.resolvedAt} /> : null}
              {report.note ? (
                <p>
                  {MODERATION_MSG.note}: {report.note}
                </p>
              ) : null}
            </div>
          ) : (
            <div className="-ml-2 flex flex-wrap gap-1">
              {actions.map((a) => {
                const Icon = ACTION_ICON[a];
                return (
                  <Button
                    key={a}
                    id={`report-${report.id}-${a}`}
                    size="sm"
                    variant="ghost"
                    className="h-8 px-2"
                    aria-label={`${REPORT_ACTION_LABEL[a]}: report of a ${label}`}
                    onClick={() => onChoose(a)}
                  >
                    <Icon aria-hidden="true" />
                    {REPORT_ACTION_LABEL[a]}
                  </Button>
                );
              })}
            </div>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

/** What confirming will do, said before it is done. */
function confirmText({ report, action }: Choice) {
  if (action === 'remove') return MODERATION_MSG.confirm.remove(report.targetLabel);
  if (action === 'ban') return MODERATION_MSG.confirm.ban(report.owner ? displayName(report.owner) : '');
  return MODERATION_MSG.confirm.dismiss;
}

function ResolveDialog({
  choice,
  isBusy,
  onClose,
  onConfirm,
}: {
  choice: Choice | null;
  isBusy: boolean;
  onClose: () => void;
  onConfirm: (note: string | null) => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const title = choice ? REPORT_ACTION_LABEL[choice.action] : '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(note.trim() || null);
  };
  return (
    <Dialog open={choice !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="sm:max-w-md"
        onCloseAutoFocus={(e) => {
          // Back to the button that opened it; once its report is resolved and gone, to the list.
          e.preventDefault();
          const back = choice && document.getElementById(`report-${choice.report.id}-${choice.action}`);
          (back ?? document.getElementById('reports-list'))?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {choice ? <DialogDescription>{confirmText(choice)}</DialogDescription> : null}
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={title}>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-note`}>{MODERATION_MSG.note}</Label>
            <Textarea
              id={`${id}-note`}
              rows={3}
              value={note}
              maxLength={MODERATION.noteMax}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <DialogFooter className="gap-2">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button
              type="submit"
              variant={choice?.action === 'dismiss' ? 'default' : 'destructive'}
              disabled={isBusy}
            >
              {isBusy ? <Spinner /> : null}
              {title}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
