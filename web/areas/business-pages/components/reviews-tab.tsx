import { Star, ThumbsUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  BUSINESS,
  BUSINESS_MSG,
  type BusinessPage,
  type BusinessReview,
  REVIEW_REPORT_TARGET,
} from '@common/business-pages/model';
import { ZReview } from '@common/business-pages/schemas';
import { displayName } from '@common/profiles/model';
import { useSignInPrompt } from '@web/app/providers/sign-in-prompt';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { RelativeTime } from '@web/components/relative-time';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { useReviews } from '../api/get-reviews';
import { useCreateReview, useDeleteReview, useMarkHelpful } from '../api/review-mutations';
import { ReportButton } from '@web/components/report/report-actions';

function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex">
      {Array.from({ length: BUSINESS.ratingMax }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={`size-4 ${i < rating ? 'fill-amber-500 text-amber-600' : 'text-muted-foreground'}`}
        />
      ))}
    </span>
  );
}

/** The Reviews tab: the average of approved reviews, the form, and the list. */
export function ReviewsTab({ page, viewerId }: { page: BusinessPage; viewerId: string | null }) {
  const query = useReviews(page.id, viewerId);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const { prompt } = useSignInPrompt();
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-sm">
        {page.rating.average !== null ? (
          <>
            <Stars
              rating={Math.round(page.rating.average)}
              label={`${page.rating.average.toFixed(1)} out of 5`}
            />
            <span className="font-semibold">{page.rating.average.toFixed(1)}</span>
          </>
        ) : null}
        <span className="text-muted-foreground">{BUSINESS_MSG.reviewCount(page.rating.count)}</span>
      </p>
      {!viewerId ? (
        <Button
          variant="outline"
          className="w-fit"
          onClick={() => prompt({ message: BUSINESS_MSG.signInReview })}
        >
          {BUSINESS_MSG.writeReview}
        </Button>
      ) : !page.isOwner && !page.hasReviewed ? (
        <ReviewForm pageId={page.id} />
      ) : null}
      {query.isPending ? (
        <Spinner label="Loading reviews" />
      ) : query.isError && items.length === 0 ? (
        <LoadError message="Failed to load reviews" onRetry={query.refetch} />
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{BUSINESS_MSG.noReviews}</p>
      ) : (
        <ul aria-label={BUSINESS_MSG.tabReviews} className="flex flex-col gap-3">
          {items.map((r) => (
            <li key={r.id}>
              <ReviewCard review={r} isSignedIn={viewerId !== null} />
            </li>
          ))}
        </ul>
      )}
      <InfiniteListEnd query={query} errorMessage="Failed to load reviews" />
    </div>
  );
}

function ReviewForm({ pageId }: { pageId: string }) {
  const create = useCreateReview(pageId);
  const [rating, setRating] = useState<number>(BUSINESS.ratingDefault);
  const [content, setContent] = useState('');
  const form = useSchemaForm(ZReview, (data) => ({
    rating,
    title: String(data.get('title') ?? ''),
    content,
  }));
  const submit = form.onSubmit((input) =>
    create.mutate(input, {
      onError: (error) => {
        form.failed(
          error,
          isApiError(error) && error.status === 409
            ? BUSINESS_MSG.duplicateReview
            : BUSINESS_MSG.reviewFailed,
        );
      },
    }),
  );
  const contentError = form.errors.content;
  return (
    <Card className="p-4">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-labelledby="review-form-title">
        <h3 id="review-form-title" className="font-semibold">
          {BUSINESS_MSG.writeReview}
        </h3>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">{BUSINESS_MSG.rating}</legend>
          <div className="flex gap-1">
            {Array.from({ length: BUSINESS.ratingMax }, (_, i) => i + 1).map((n) => (
              <label
                key={n}
                className="cursor-pointer rounded p-1 has-focus-visible:ring-2 has-focus-visible:ring-ring"
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={rating === n}
                  onChange={() => setRating(n)}
                  className="sr-only"
                />
                <Star
                  aria-hidden="true"
                  className={`size-6 ${n <= rating ? 'fill-amber-500 text-amber-600' : 'text-muted-foreground'}`}
                />
                <span className="sr-only">{`${n} of 5`}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          label={BUSINESS_MSG.reviewTitle}
          maxLength={BUSINESS.reviewTitleMax}
          {...form.field('title')}
        />
        <div className="grid gap-2">
          <Label htmlFor="review-content">{BUSINESS_MSG.reviewContent}</Label>
          <Textarea
            id="review-content"
            name="content"
            rows={4}
            value={content}
            maxLength={BUSINESS.reviewContentMax}
            aria-invalid={contentError ? true : undefined}
            aria-describedby={
              contentError ? 'review-content-error review-content-count' : 'review-content-count'
            }
            onChange={(e) => {
              setContent(e.target.value);
              form.field('content').onChange();
            }}
          />
          <div className="flex justify-between gap-2 text-xs">
            <span id="review-content-error" className="text-sm text-destructive-text">
              {contentError ?? ''}
            </span>
            <span id="review-content-count" className="text-muted-foreground">
              {`${content.length}/${BUSINESS.reviewContentMax}`}
            </span>
          </div>
        </div>
        <Button type="submit" className="w-fit" disabled={create.isPending}>
          {BUSINESS_MSG.submitReview}
        </Button>
      </form>
    </Card>
  );
}

function ReviewCard({ review, isSignedIn }: { review: BusinessReview; isSignedIn: boolean }) {
  const helpful = useMarkHelpful(review.pageId);
  const remove = useDeleteReview(review.pageId);
  const name = displayName(review.author);
  return (
    <Card className="flex flex-col gap-2 p-4" role="article" aria-label={`Review by ${name}`}>
      <div className="flex items-center gap-3">
        <Avatar src={review.author.avatarUrl} name={name} className="size-8" />
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-medium">{name}</span>
          <RelativeTime value={review.createdAt} />
        </div>
        {review.status !== 'approved' ? <Badge variant="outline">{BUSINESS_MSG.pending}</Badge> : null}
      </div>
      <Stars rating={review.rating} label={`${review.rating} out of 5`} />
      <h4 className="font-semibold break-words">{review.title}</h4>
      <p className="text-sm break-words whitespace-pre-wrap">{review.content}</p>
      <div className="flex gap-2">
        {isSignedIn && review.status === 'approved' ? (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={review.markedHelpful}
            disabled={review.markedHelpful || helpful.isPending}
            onClick={() => helpful.mutate(review.id)}
          >
            <ThumbsUp aria-hidden="true" />
            {BUSINESS_MSG.helpful} ({review.helpfulCount})
          </Button>
        ) : null}
        {review.canDelete ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(review.id, { onError: () => toast.error(BUSINESS_MSG.deleteReviewFailed) })
            }
          >
            <Trash2 aria-hidden="true" />
            {BUSINESS_MSG.delete}
          </Button>
        ) : null}
        {review.status === 'approved' ? (
          <ReportButton
            target={{ ...REVIEW_REPORT_TARGET, id: review.id }}
            ownerId={review.author.id}
            name={`review “${review.title}”`}
          />
        ) : null}
      </div>
    </Card>
  );
}
