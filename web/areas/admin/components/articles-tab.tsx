import { ADMIN_MSG, type AdminArticle } from '@common/admin/model';
import { Link } from 'react-router';
import { formatDateTime } from '@web/lib/format-time';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { useAdminArticles, useDeleteArticle } from '../api/get-articles';
import { ListState, LoadMore } from './load-more';
import { failureText } from './failure-text';

function ArticleRow({ article }: { article: AdminArticle }) {
  const remove = useDeleteArticle();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start" data-article={article.id}>
      <div className="min-w-0 flex-1">
        <Link to={`/articles/${article.id}`} className="font-medium hover:underline">
          {article.title}
        </Link>
        <p className="text-sm break-words text-muted-foreground">{article.excerpt}</p>
        <p className="text-xs text-muted-foreground">
          {article.author ? `${ADMIN_MSG.by(article.author.username)} (${article.author.email}) · ` : ''}
          {formatDateTime(article.createdAt)} · {article.likes} likes
        </p>
      </div>
      <Dialog>
        <DialogTrigger asChild>
          <Button size="sm" variant="destructive">
            {ADMIN_MSG.delete}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{ADMIN_MSG.deleteArticleTitle}</DialogTitle>
            <DialogDescription>{ADMIN_MSG.deleteArticleExplain}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{ADMIN_MSG.cancel}</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(article.id, {
                  onSuccess: () => toast.success(ADMIN_MSG.articleDeleted),
                  onError: (e) => toast.error(failureText(e, ADMIN_MSG.deleteArticleFailed)),
                })
              }
            >
              {ADMIN_MSG.delete}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  );
}

/** Articles tab: every article with its first 100 characters; delete with its feed items. */
export function ArticlesTab() {
  const articles = useAdminArticles();
  const items = articles.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="grid gap-2 pt-3">
      {articles.isPending ? (
        <ListState text="Loading..." role="status" />
      ) : articles.isError ? (
        <ListState text={ADMIN_MSG.fetchArticlesFailed} role="alert" />
      ) : items.length === 0 ? (
        <ListState text={ADMIN_MSG.noArticles} />
      ) : (
        <ul className="divide-y" aria-label={ADMIN_MSG.tabs.articles}>
          {items.map((a) => (
            <ArticleRow key={a.id} article={a} />
          ))}
        </ul>
      )}
      <LoadMore
        hasNext={articles.hasNextPage}
        isFetching={articles.isFetchingNextPage}
        onLoad={() => articles.fetchNextPage()}
      />
    </div>
  );
}
