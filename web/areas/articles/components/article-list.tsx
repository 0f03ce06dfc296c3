import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { ARTICLE_MSG, type ArticleTab } from '@common/articles/model';
import { countText } from '@common/core/limits';
import { LoadError } from '@web/components/load-error';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { trimToFirstPage, useArticleTab } from '../api/get-articles';
import { articleKeys } from '../api/query-keys';
import { ArticleCard } from './article-card';
import { ArticleSkeleton } from './article-skeleton';
import { DraftCard } from './draft-card';

/**
 * One tab of /articles: 'Articles (n)' with Refresh, then three skeletons, the cards a page at a
 * time as the end comes into view (or on Load more), 'No articles found.', or the failure with
 * Try Again. The Drafts tab's cards carry Edit, Publish and Delete.
 */
export function ArticleList({
  tab,
  viewerId,
  onEditDraft,
}: {
  tab: ArticleTab;
  viewerId: string | null;
  onEditDraft: (draftId: string) => void;
}) {
  const queryClient = useQueryClient();
  const query = useArticleTab(tab, viewerId);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const firstPage = query.data?.pages[0];
  const isRefreshing = query.isRefetching && !query.isFetchingNextPage;

  const refresh = () => {
    trimToFirstPage(queryClient, articleKeys.tab(tab, viewerId));
    void query.refetch();
  };

  let body;
  if (query.isPending) {
    body = <ArticleSkeleton />;
  } else if (query.isError && items.length === 0) {
    body = (
      <Card>
        <LoadError
          message={ARTICLE_MSG.listLoadFailed}
          onRetry={query.refetch}
          retryLabel={ARTICLE_MSG.tryAgain}
        />
      </Card>
    );
  } else if (items.length === 0) {
    body = <Card className="p-8 text-center text-muted-foreground">{ARTICLE_MSG.empty}</Card>;
  } else {
    body = (
      <>
        <ul aria-label="Articles" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {items.map((article) => (
            <li key={article.id} className="min-w-0">
              {tab === 'drafts' ? (
                <DraftCard draft={article} onEdit={onEditDraft} />
              ) : (
                <ArticleCard article={article} isVisitor={viewerId === null} />
              )}
            </li>
          ))}
        </ul>
        <InfiniteListEnd
          query={query}
          errorMessage={ARTICLE_MSG.listLoadFailed}
          retryLabel={ARTICLE_MSG.tryAgain}
        />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold" aria-live="polite">
          {firstPage ? ARTICLE_MSG.count(countText(firstPage)) : ARTICLE_MSG.heading}
        </h2>
        <Button variant="outline" size="sm" onClick={refresh} disabled={query.isFetching}>
          <RefreshCw aria-hidden="true" className={cn(isRefreshing && 'motion-safe:animate-spin')} />
          {ARTICLE_MSG.refresh}
        </Button>
      </div>
      {body}
    </div>
  );
}
