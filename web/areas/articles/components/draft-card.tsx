import { Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@web/lib/toast';
import { ARTICLE_MSG, type ArticleSummary } from '@common/articles/model';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { RelativeTime } from '@web/components/relative-time';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useDeleteArticle } from '../api/delete-article';
import { usePublishDraft } from '../api/publish-article';
import {
  ABOVE_STRETCHED,
  ArticleCardFrame,
  ArticleCardImage,
  CategoryBadge,
  STRETCHED_LINK,
} from './card-parts';

/** One of the member's drafts: its preview, and Edit, Publish and Delete (after a confirmation). */
export function DraftCard({ draft, onEdit }: { draft: ArticleSummary; onEdit: (draftId: string) => void }) {
  const publish = usePublishDraft();
  const remove = useDeleteArticle();
  const [isConfirming, setIsConfirming] = useState(false);
  const isBusy = publish.isPending || remove.isPending;

  // mutateAsync, not mutate's callbacks: publishing or deleting takes this card off the drafts
  // list, and mutate's callbacks are skipped once the card (and its observer) is gone.
  const onPublish = () =>
    void publish.mutateAsync(draft.id).then(
      () => toast.success(ARTICLE_MSG.draftPublished),
      () => toast.error(ARTICLE_MSG.publishDraftFailed),
    );
  const onDelete = () =>
    void remove.mutateAsync(draft.id).then(
      () => {
        setIsConfirming(false);
        toast.success(ARTICLE_MSG.draftDeleted);
      },
      () => toast.error(ARTICLE_MSG.deleteDraftFailed),
    );

  return (
    <ArticleCardFrame>
      <ArticleCardImage article={draft} />
      <div className="flex flex-1 flex-col p-4">
        <div className="flex flex-wrap items-center gap-2">
          <CategoryBadge category={draft.category} />
          <Badge variant="outline">Draft</Badge>
        </div>
        <h3 className="mt-2 text-base leading-snug font-semibold break-words">
          <Link to={`/articles/${draft.id}`} className={STRETCHED_LINK}>
            {draft.title}
          </Link>
        </h3>
        <p className="mt-1.5 text-sm break-words text-muted-foreground">{draft.preview}</p>
        <p className="mt-auto pt-3 text-xs text-muted-foreground">
          Last edited <RelativeTime value={draft.updatedAt} />
        </p>
        <div className={`${ABOVE_STRETCHED} mt-3 flex flex-wrap gap-2`}>
          <Button variant="outline" size="sm" onClick={() => onEdit(draft.id)} disabled={isBusy}>
            <Pencil aria-hidden="true" />
            {ARTICLE_MSG.edit}
          </Button>
          <Button size="sm" onClick={onPublish} disabled={isBusy}>
            {publish.isPending ? <Spinner /> : <Send aria-hidden="true" />}
            {ARTICLE_MSG.publishDraft}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setIsConfirming(true)}
            disabled={isBusy}
            className="text-destructive-text hover:text-destructive-text"
          >
            <Trash2 aria-hidden="true" />
            {ARTICLE_MSG.deleteDraft}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={ARTICLE_MSG.deleteDraftConfirmTitle}
        description={draft.title}
        confirmLabel={ARTICLE_MSG.deleteDraft}
        isBusy={remove.isPending}
        onConfirm={onDelete}
      />
    </ArticleCardFrame>
  );
}
