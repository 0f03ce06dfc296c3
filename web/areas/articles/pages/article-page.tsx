import { isUuid } from '@common/core/ids';
import { ArrowLeft, LogIn, SquarePen, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '@web/lib/toast';
import {
  ARTICLE_MSG,
  type Article,
  ARTICLE_REPORT_TARGET,
  type ArticleWithReactions,
} from '@common/articles/model';
import { MSG } from '@common/core/texts';
import { displayName } from '@common/profiles/model';
import { imageVariantUrl } from '@common/core/uploads';
import type { AuthNavigationState } from '@web/app/providers/sign-in-prompt';
import { useQueryClient } from '@tanstack/react-query';
import { useMe } from '@web/lib/me';
import { sentAtOf } from '@web/lib/query-sent-at';
import { LoadError } from '@web/components/load-error';
import { RelativeTime } from '@web/components/relative-time';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { useDrawnInBackground } from '@web/lib/drawn-in-background';
import { dateFormatter } from '@web/lib/format-time';
import { useDeleteArticle } from '../api/delete-article';
import { useArticle } from '../api/get-article';
import { articleKeys } from '../api/query-keys';
import { ArticleContent } from '../components/article-content';
import { WhenNearView } from '@web/components/when-near-view';
import { cardLinkOf } from '@web/lib/linkify';
import { CategoryBadge } from '../components/card-parts';
import { ReportButton } from '@web/components/report/report-actions';

/** When it was edited, as toLocaleString() says it (the viewer's locale, date and time with seconds). */
const editedAt = dateFormatter(undefined, {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

// The editor comes in its own chunk, loaded when the author asks to edit.
const loadEditor = () => import('../components/article-editor-dialog');
const ArticleEditorDialog = lazy(() => loadEditor().then((m) => ({ default: m.ArticleEditorDialog })));
// What the first view does without (a phone draws the article first, in short tasks): the comments
// (their form and its schemas, dialogs), loaded as the reader nears them; the link's card, loaded
// only for an article with a link; the delete confirmation, loaded when asked for.
const CommentSection = lazy(() =>
  import('@web/areas/comments/public').then((m) => ({ default: m.CommentSection })),
);
// The reactions' bar too (its code and the live cache it keeps): below the article, drawn as the
// reader nears it, its code is no part of what the article's first paint waits for.
const ReactionBar = lazy(() =>
  import('@web/areas/reactions/public').then((m) => ({ default: m.ReactionBar })),
);
const TextLinkCard = lazy(() =>
  import('@web/components/link-card').then((m) => ({ default: m.TextLinkCard })),
);
const loadConfirm = () => import('@web/components/confirm-dialog');
const ConfirmDialog = lazy(() => loadConfirm().then((m) => ({ default: m.ConfirmDialog })));

/**
 * /articles/:articleId. Members read the article with its reactions and comments; visitors are
 * asked to sign in here. A malformed id, a missing article or someone else's draft goes back to
 * /articles with the document's notification.
 */
export function ArticlePage() {
  const { articleId = '' } = useParams();
  const { viewer, isLoading } = useMe();
  if (isLoading) return <PageSpinner />;
  if (!viewer) return <SignInToRead />;
  return <ArticleView key={articleId} articleId={articleId} />;
}

/** Leaves for /articles once, with a notification (title and text). */
function useLeaveForList() {
  const navigate = useNavigate();
  const hasLeft = useRef(false);
  return (title: string, description: string) => {
    if (hasLeft.current) return;
    hasLeft.current = true;
    toast.error(title, { description });
    void navigate('/articles', { replace: true });
  };
}

function ArticleView({ articleId }: { articleId: string }) {
  const isValidId = isUuid(articleId);
  const query = useArticle(articleId, isValidId);
  const queryClient = useQueryClient();
  const leave = useLeaveForList();
  const error = query.error;
  const isGone = isApiError(error) && (error.status === 404 || error.status === 400);

  useEffect(() => {
    if (!isValidId) leave(ARTICLE_MSG.invalidIdTitle, ARTICLE_MSG.invalidId);
    else if (isApiError(error) && error.status === 400)
      leave(ARTICLE_MSG.invalidIdTitle, ARTICLE_MSG.invalidId);
    else if (isApiError(error) && error.status === 404)
      leave(ARTICLE_MSG.notFoundTitle, ARTICLE_MSG.notFound);
  });

  const title = query.data?.title;
  useEffect(() => {
    if (title) document.title = `${title} · Cofound`;
  }, [title]);

  // The page is drawn in short tasks once the article has come (a phone's main thread stays free).
  const article = useDrawnInBackground(query.data);
  // Its picture, the page's largest, is asked for as soon as the article has come, while the page
  // is still being drawn: the same copy the <img> picks (same srcset and sizes).
  const picture = query.data?.imageUrl;
  if (picture) {
    preload(imageVariantUrl(picture, 800), {
      as: 'image',
      imageSrcSet: pictureSrcSet(picture),
      imageSizes: PICTURE_SIZES,
      fetchPriority: 'high',
    });
  }
  if (!isValidId || isGone || query.isPending || (query.data && !article)) return <PageSpinner />;
  if (!article) {
    return (
      <PageFrame>
        <Card>
          <LoadError
            message={ARTICLE_MSG.loadFailed}
            onRetry={query.refetch}
            retryLabel={ARTICLE_MSG.tryAgain}
          />
        </Card>
      </PageFrame>
    );
  }
  return (
    <ArticleDetail
      article={article}
      receivedAt={query.dataUpdatedAt}
      sentAt={sentAtOf(queryClient, articleKeys.detail(articleId))}
    />
  );
}

function PageFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
        <Link to="/articles">
          <ArrowLeft aria-hidden="true" />
          {ARTICLE_MSG.back}
        </Link>
      </Button>
      {children}
    </div>
  );
}

/** The picture's copies (800 and 2000 wide) and the width it takes: a phone fetches the small one. */
const pictureSrcSet = (url: string) =>
  `${imageVariantUrl(url, 800)} 800w, ${imageVariantUrl(url, 2000)} 2000w`;
const PICTURE_SIZES = '(min-width: 48rem) 45rem, 100vw';

/** The place the reactions and comments keep until drawn: the bar, the heading and a comment or so. */
const COMMENTS_HEIGHT = '10rem';
const REACTIONS_HEIGHT = '2.25rem';
const ENGAGEMENT_HEIGHT = '13rem';
/** A margin no page is longer than: the section counts as near wherever it is. */
const ALL_THE_WAY = '100000px 0px';

function ArticleDetail({
  article,
  receivedAt,
  sentAt,
}: {
  article: Article & Partial<Pick<ArticleWithReactions, 'reactions' | 'comments'>>;
  /** When the article's answer came: the comments it carries are as old as it. */
  receivedAt: number;
  /** When its request was sent (performance.now()), if known: the live page's catch-up rule. */
  sentAt: number | undefined;
}) {
  const name = displayName(article.author);
  const profileHref = `/profile/${article.author.id}`;
  const isPublished = article.status === 'published';
  const isCommentLinked = useLocation().hash.startsWith('#comment-');

  return (
    <PageFrame>
      <article aria-labelledby="article-title" className="flex min-w-0 flex-col gap-5">
        <header className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge category={article.category} />
            {isPublished ? null : <Badge variant="outline">Draft</Badge>}
          </div>
          <h1
            id="article-title"
            className="text-2xl leading-tight font-bold tracking-tight break-words sm:text-3xl"
          >
            {article.title}
          </h1>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex min-w-0 items-center gap-3">
              <Link to={profileHref} tabIndex={-1} aria-hidden="true" className="shrink-0">
                <Avatar src={imageVariantUrl(article.author.avatarUrl, 96)} name={name} className="size-10" />
              </Link>
              <div className="flex min-w-0 flex-col">
                <Link
                  to={profileHref}
                  className="truncate rounded-sm text-sm font-semibold outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {name}
                </Link>
                <div className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
                  {article.author.title ? (
                    <>
                      <span className="truncate">{article.author.title}</span>
                      <span aria-hidden="true">·</span>
                    </>
                  ) : null}
                  <RelativeTime value={article.publishedAt ?? article.createdAt} />
                  {article.editedAt ? (
                    <>
                      <span aria-hidden="true">·</span>
                      <span title={editedAt(article.editedAt)}>{ARTICLE_MSG.edited}</span>
                    </>
                  ) : null}
                </div>
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {article.isAuthor && isPublished ? <EditArticleButton article={article} /> : null}
              {article.canDelete ? <DeleteArticleButton article={article} /> : null}
              <ReportButton
                target={{ ...ARTICLE_REPORT_TARGET, id: article.id }}
                ownerId={article.author.id}
                name="article"
              />
            </div>
          </div>
        </header>

        {article.imageUrl ? (
          <img
            src={imageVariantUrl(article.imageUrl, 800)}
            srcSet={pictureSrcSet(article.imageUrl)}
            sizes={PICTURE_SIZES}
            alt=""
            // The page's largest picture: fetched first, in a box of known shape before it loads
            // (16:9, cropped to fill), so the text under it never moves.
            fetchPriority="high"
            className="aspect-video w-full rounded-xl border border-border bg-muted object-cover"
          />
        ) : null}

        <ArticleContent html={article.html} />
        {cardLinkOf(article.content) ? (
          <Suspense fallback={null}>
            <TextLinkCard text={article.content} />
          </Suspense>
        ) : null}
      </article>

      {isPublished ? (
        <div className="mt-2 flex flex-col gap-6 border-t border-border pt-6">
          <WhenNearView
            minHeight={ENGAGEMENT_HEIGHT}
            // A link to one comment (a notification's #comment-<id>) draws them at once, however far down.
            rootMargin={isCommentLinked ? ALL_THE_WAY : undefined}
          >
            <Suspense fallback={<div aria-hidden="true" style={{ minHeight: REACTIONS_HEIGHT }} />}>
              <ReactionBar
                contentType="article"
                contentId={article.id}
                initial={article.reactions}
                initialFrom={{ at: receivedAt, sentAt }}
              />
            </Suspense>
            <Suspense fallback={<div aria-hidden="true" style={{ minHeight: COMMENTS_HEIGHT }} />}>
              <CommentSection
                contentType="article"
                contentId={article.id}
                ownerId={article.author.id}
                initial={article.comments ? { page: article.comments, at: receivedAt, sentAt } : undefined}
              />
            </Suspense>
          </WhenNearView>
        </div>
      ) : null}
    </PageFrame>
  );
}

/** The author edits their published article in the editor, in place (issue 21). */
function EditArticleButton({ article }: { article: Article }) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
        onPointerEnter={() => void loadEditor()}
        onFocus={() => void loadEditor()}
      >
        <SquarePen aria-hidden="true" />
        {ARTICLE_MSG.editArticle}
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <ArticleEditorDialog
            open={isOpen}
            onOpenChange={setIsOpen}
            draftId={article.id}
            onSaved={() => setIsOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Delete for the author, 'Delete (Admin)' for an admin removing someone else's; confirmed first. */
function DeleteArticleButton({ article }: { article: Article }) {
  const navigate = useNavigate();
  const remove = useDeleteArticle();
  const [isConfirming, setIsConfirming] = useState(false);
  const [hasAsked, setHasAsked] = useState(false);
  const label = article.isAuthor ? ARTICLE_MSG.delete : ARTICLE_MSG.deleteAdmin;
  const isDraft = article.status === 'draft';

  const onConfirm = () =>
    remove.mutate(article.id, {
      onSuccess: () => {
        setIsConfirming(false);
        toast.success(isDraft ? ARTICLE_MSG.draftDeleted : ARTICLE_MSG.deleted);
        void navigate('/articles', { replace: true });
      },
      onError: (error) =>
        toast.error(
          isApiError(error) && error.status === 403
            ? ARTICLE_MSG.noPermission
            : isDraft
              ? ARTICLE_MSG.deleteDraftFailed
              : ARTICLE_MSG.deleteFailed,
        ),
    });

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setHasAsked(true);
          setIsConfirming(true);
        }}
        onPointerEnter={() => void loadConfirm()}
        onFocus={() => void loadConfirm()}
        className="text-destructive-text hover:text-destructive-text"
      >
        <Trash2 aria-hidden="true" />
        {label}
      </Button>
      {hasAsked ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={isConfirming}
            onOpenChange={setIsConfirming}
            title={isDraft ? ARTICLE_MSG.deleteDraftConfirmTitle : ARTICLE_MSG.deleteConfirmTitle}
            description={ARTICLE_MSG.deleteConfirmText}
            confirmLabel={label}
            isBusy={remove.isPending}
            onConfirm={onConfirm}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** A visitor with a link to an article: asked to sign in, and brought back here afterwards. */
function SignInToRead() {
  const location = useLocation();
  const state: AuthNavigationState & { from: string } = {
    from: location.pathname,
    action: ARTICLE_MSG.signInAction,
  };
  return (
    <PageFrame>
      <Card className="flex flex-col items-center gap-4 p-8 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <LogIn aria-hidden="true" className="size-7" />
        </div>
        <h1 className="text-lg font-semibold">{MSG.signInRequiredTitle}</h1>
        <p className="text-sm text-muted-foreground">{MSG.signInRequired(ARTICLE_MSG.signInAction)}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/auth" state={state}>
              Sign in
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/auth?tab=signup" state={state}>
              {MSG.createAccount}
            </Link>
          </Button>
        </div>
      </Card>
    </PageFrame>
  );
}
