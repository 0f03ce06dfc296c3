import { Check, Flag, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MODERATION_MSG } from '@common/admin/moderation';
import {
  REVIEW_STATUS_LABEL,
  REVIEW_STATUSES,
  type ModerationReview,
  type ReviewStatus,
} from '@common/business-pages/model';
import { displayName, nameAndUsername } from '@common/profiles/model';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { RelativeTime } from '@web/components/relative-time';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { isApiError, refusalText } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { useReviewQueue, useReviewStats } from '../moderation/api/get-reviews';
import { useModerateReviews } from '../moderation/api/moderate-reviews';
import { useModerationLive } from '../moderation/api/use-moderation-live';
import { ModerateDialog, type ModerationChoice } from '../moderation/moderate-dialog';
import { ReviewStatusBadge } from '../moderation/status-badge';

type Filter = ReviewStatus | 'all';
const FILTERS: Filter[] = ['pending', 'flagged', 'approved', 'rejected', 'all'];
const ACTIONS = [
  { status: 'approved', label: MODERATION_MSG.approve, icon: Check },
  { status: 'rejected', label: MODERATION_MSG.reject, icon: X },
  { status: 'flagged', label: MODERATION_MSG.flag, icon: Flag },
  { status: 'pending', label: MODERATION_MSG.toPending, icon: RotateCcw },
] as const;

/** The Reviews tab: the moderation queue, single and bulk. */
export default function ReviewsTab() {
  useModerationLive();
  const [filter, setFilter] = useState<Filter>('pending');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [choice, setChoice] = useState<ModerationChoice | null>(null);
  const stats = useReviewStats();
  const queue = useReviewQueue(filter);
  const moderate = useModerateReviews();
  const reviews = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const shownSelected = reviews.filter((r) => selected.has(r.id)).map((r) => r.id);
  const allSelected = reviews.length > 0 && shownSelected.length === reviews.length;

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const confirm = ({ note, reason }: { note: string | null; reason: string | null }) => {
    if (!choice) return;
    moderate.mutate(
      { ids: choice.ids, status: choice.status, note, reason },
      {
        onSuccess: (result) => {
          if (result.updated.length) toast.success(MODERATION_MSG.moderated(result.updated.length));
          if (result.alreadyHandled.length) toast.error(MODERATION_MSG.alreadyHandled);
          setSelected(new Set());
          setChoice(null);
        },
        onError: (err) => {
          if (isApiError(err) && err.status === 409) toast.error(MODERATION_MSG.alreadyHandled);
          else toast.error(MODERATION_MSG.moderateFailed, { description: refusalText(err) });
          setChoice(null);
        },
      },
    );
  };

  const count = (f: Filter) => (stats.data ? (f === 'all' ? stats.data.total : stats.data[f]) : null);

  return (
    <section aria-label={MODERATION_MSG.tabReviews} className="flex flex-col gap-4">
      <ul aria-label="Reviews by status" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {REVIEW_STATUSES.map((s) => (
          <li key={s}>
            <Card className="px-4 py-3">
              <CardContent className="p-0">
                <p className="text-xs text-muted-foreground">{REVIEW_STATUS_LABEL[s]}</p>
                <p className="text-2xl font-semibold tabular-nums">{stats.data ? stats.data[s] : '–'}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>

      <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={filter === f ? 'default' : 'outline'}
            aria-pressed={filter === f}
            onClick={() => {
              setFilter(f);
              setSelected(new Set());
            }}
          >
            {f === 'all' ? MODERATION_MSG.allStatuses : REVIEW_STATUS_LABEL[f]}
            {count(f) !== null ? <span className="tabular-nums opacity-80">({count(f)})</span> : null}
          </Button>
        ))}
      </div>

      {reviews.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border bg-card px-3 py-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(reviews.map((r) => r.id)))}
            />
            {MODERATION_MSG.selectAll}
          </label>
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {MODERATION_MSG.selected(shownSelected.length)}
          </span>
          <div className="ml-auto flex flex-wrap gap-2">
            {ACTIONS.map((a) => (
              <Button
                key={a.status}
                size="sm"
                variant="outline"
                disabled={shownSelected.length === 0}
                onClick={() => setChoice({ ids: shownSelected, status: a.status })}
              >
                <a.icon aria-hidden="true" />
                {a.label} ({shownSelected.length})
              </Button>
            ))}
          </div>
        </div>
      ) : null}

      {queue.isPending ? (
        <PageSpinner />
      ) : queue.isError ? (
        <LoadError message={MODERATION_MSG.loadReviewsFailed} onRetry={() => queue.refetch()} />
      ) : reviews.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted-foreground">{MODERATION_MSG.noReviews}</p>
      ) : (
        <ul aria-label="Reviews" className="flex flex-col gap-3">
          {reviews.map((r) => (
            <ReviewRow
              key={r.id}
              review={r}
              isSelected={selected.has(r.id)}
              onToggle={() => toggle(r.id)}
              onChoose={(status) => setChoice({ ids: [r.id], status })}
            />
          ))}
        </ul>
      )}
      {reviews.length > 0 ? (
        <InfiniteListEnd query={queue} errorMessage={MODERATION_MSG.loadReviewsFailed} />
      ) : null}

      <ModerateDialog
        choice={choice}
        isBusy={moderate.isPending}
        onOpenChange={(open) => (open ? undefined : setChoice(null))}
        onConfirm={confirm}
      />
    </section>
  );
}

function ReviewRow({
  review,
  isSelected,
  onToggle,
  onChoose,
}: {
  review: ModerationReview;
  isSelected: boolean;
  onToggle: () => void;
  onChoose: (status: ReviewStatus) => void;
}) {
  const name = displayName(review.author);
  return (
    <li>
      <Card className={cn('px-4 py-3', isSelected && 'ring-2 ring-ring/50')}>
        <CardContent className="flex gap-3 p-0">
          <input
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-primary"
            checked={isSelected}
            onChange={onToggle}
            aria-label={`Select review “${review.title}”`}
          />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <h3 className="font-semibold break-words">{review.title}</h3>
              <span className="text-sm text-muted-foreground" aria-label={`Rating ${review.rating} of 5`}>
                {'★'.repeat(review.rating)}
                {'☆'.repeat(5 - review.rating)}
              </span>
              <ReviewStatusBadge status={review.status} />
            </div>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
              <Avatar src={review.author.avatarUrl} name={name} className="size-6" />
              <Link
                to={`/profile/${review.author.id}`}
                className="font-medium text-foreground hover:underline"
              >
                {name}
              </Link>
              <span aria-hidden="true">·</span>
              <Link to={`/business-pages/${review.page.id}`} className="hover:underline">
                {MODERATION_MSG.reviewOf(review.page.name)}
              </Link>
              <RelativeTime value={review.createdAt} />
            </div>
            <p className="text-sm break-words whitespace-pre-wrap">{review.content}</p>
            {review.moderatedBy || review.note || review.reason ? (
              <div className="rounded-md bg-secondary/60 px-3 py-2 text-xs text-muted-foreground">
                {review.moderatedBy ? (
                  <p>
                    {MODERATION_MSG.moderatedBy(nameAndUsername(review.moderatedBy))}
                    {review.moderatedAt ? (
                      <>
                        {' · '}
                        <RelativeTime value={review.moderatedAt} />
                      </>
                    ) : null}
                  </p>
                ) : null}
                {review.reason ? (
                  <p>
                    {MODERATION_MSG.reason}: {review.reason}
                  </p>
                ) : null}
                {review.note ? (
                  <p>
                    {MODERATION_MSG.note}: {review.note}
                  </p>
                ) : null}
              </div>
            ) : null}
            <div className="-ml-2 flex flex-wrap gap-1">
              {ACTIONS.filter((a) => a.status !== review.status).map((a) => (
                <Button
                  key={a.status}
                  size="sm"
                  variant="ghost"
                  className="h-8 px-2"
                  aria-label={`${a.label} review “${review.title}”`}
                  onClick={() => onChoose(a.status)}
                >
                  <a.icon aria-hidden="true" />
                  {a.label}
                </Button>
              ))}
            </div>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
