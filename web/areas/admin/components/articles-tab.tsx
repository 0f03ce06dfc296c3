import { MoreHorizontal, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ADMIN_MSG, type AdminArticle } from '@common/admin/model';
import { nameAndUsername } from '@common/profiles/model';
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
} from '@web/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { Spinner } from '@web/components/ui/spinner';
import { useAdminArticles, useDeleteArticle } from '../api/get-articles';
import { ListState, LoadMore } from './load-more';
import { failureText } from './failure-text';

/**
 * One article: its title, first characters, author (full name first, username after), and the row
 * menu the other tabs have; Delete asks first, then says it was done.
 */
function ArticleRow({ article }: { article: AdminArticle }) {
  const remove = useDeleteArticle();
  const [isConfirming, setIsConfirming] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <li className="flex items-start gap-3 py-3" data-article={article.id}>
      <div className="min-w-0 flex-1">
        <Link to={`/articles/${article.id}`} className="font-medium break-words hover:underline">
          {article.title}
        </Link>
        <p className="text-sm break-words text-muted-foreground">{article.excerpt}</p>
        <p className="text-xs break-words text-muted-foreground">
          {article.author ? `${ADMIN_MSG.by(nameAndUsername(article.author))} · ` : ''}
          {formatDateTime(article.createdAt)} · {article.likes} likes
        </p>
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={menuButton}
            size="icon"
            variant="ghost"
            aria-label={ADMIN_MSG.actionsFor(article.title)}
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem variant="destructive" onSelect={() => setIsConfirming(true)}>
            <Trash2 aria-hidden="true" />
            {ADMIN_MSG.delete}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={isConfirming} onOpenChange={setIsConfirming}>
        <DialogContent
          onCloseAutoFocus={(e) => {
            if (!menuButton.current?.isConnected) return;
            e.preventDefault();
            menuButton.current.focus();
          }}
        >
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
              onClick={() => {
                // mutateAsync, not mutate's callbacks: the list's refetch takes this row (and its
                // observer) away, and mutate's callbacks are skipped once the row is gone.
                void remove.mutateAsync(article.id).then(
                  () => {
                    setIsConfirming(false);
                    toast.success(ADMIN_MSG.articleDeleted);
                  },
                  (e: unknown) => toast.error(failureText(e, ADMIN_MSG.deleteArticleFailed)),
                );
              }}
            >
              {remove.isPending ? <Spinner /> : null}
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
