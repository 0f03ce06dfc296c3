import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '@web/lib/toast';
import { isTouchScreen } from '@web/lib/is-touch';
import { ZArticleContent, ZArticleFields } from '@common/articles/schemas';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_CATEGORY_LABELS,
  ARTICLE_MSG,
  ARTICLES,
  type Article,
  type ArticleCategory,
  type ArticleStatus,
} from '@common/articles/model';
import { LoadError } from '@web/components/load-error';
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
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { useMe } from '@web/lib/me';
import { useArticle } from '../api/get-article';
import { useSaveArticle } from '../api/save-article';
import { useArticleImageUpload } from '../api/upload-article-image';
import { FeaturedImageField } from './featured-image-field';
import { MarkdownField, type EditorTab } from './markdown-field';
import { ComposerLinkCard } from '@web/components/link-card';
import { forgetWork, readWork, writeWork, type WorkInProgress } from '../lib/work-in-progress';

/** What the form holds; the category is empty until one is chosen. */
type EditorFields = {
  title: string;
  category: ArticleCategory | '';
  content: string;
  imageUrl: string | null;
};

/** Focused when the dialog opens. */
const TITLE_ID = 'article-editor-title';

const EMPTY: EditorFields = { title: '', category: '', content: '', imageUrl: null };

const asCategory = (value: string): ArticleCategory | '' => ARTICLE_CATEGORIES.find((c) => c === value) ?? '';

const fromWork = (work: WorkInProgress): EditorFields => ({ ...work, category: asCategory(work.category) });

/** How long typing pauses before the work in progress is copied to this browser. */
const KEEP_AFTER_MS = 400;

const fromArticle = (article: Article): EditorFields => ({
  title: article.title,
  category: article.category,
  content: article.content,
  imageUrl: article.imageUrl,
});

/**
 * 'Create New Article' (or 'Edit Draft' / 'Edit Article' with `draftId`, the author's draft or
 * published article): title, category, featured image and the markdown content, saved as a draft
 * or published (a published article is saved in place). The fields are kept here, outside the
 * dialog's content, so closing and opening it again keeps what was written, and copied to this
 * browser as they change (lib/work-in-progress.ts), so a closed tab keeps them too.
 */
export function ArticleEditorDialog({
  open,
  onOpenChange,
  draftId,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draftId: string | null;
  onSaved: (article: Article) => void;
}) {
  const viewerId = useMe().viewer?.id ?? '';
  const draft = useArticle(draftId ?? '', draftId !== null);
  const [fields, setFields] = useState<EditorFields | null>(() => {
    if (draftId) return null;
    const work = readWork(viewerId, null);
    return work ? fromWork(work) : EMPTY;
  });
  const [isRestored, setIsRestored] = useState(() => !draftId && readWork(viewerId, null) !== null);
  // The draft's text arrives once (or the work in progress kept for it); later refetches do not
  // overwrite what is being edited.
  if (fields === null && draft.data) {
    const work = readWork(viewerId, draftId);
    setFields(work ? fromWork(work) : fromArticle(draft.data));
    setIsRestored(work !== null);
  }
  const isPublished = draft.data?.status === 'published';
  // Closing with changes asks first (issue 21): Escape, the corner button or a click outside.
  const initial = draftId ? (draft.data ? fromArticle(draft.data) : null) : EMPTY;
  const isChanged = fields !== null && initial !== null && JSON.stringify(fields) !== JSON.stringify(initial);
  const initialText = JSON.stringify(initial);

  // Work in progress: copied shortly after each change, forgotten once it matches the saved text.
  useEffect(() => {
    if (!viewerId || fields === null || initialText === 'null') return;
    if (!isChanged) {
      forgetWork(viewerId, draftId);
      return;
    }
    const timer = window.setTimeout(() => writeWork(viewerId, draftId, fields), KEEP_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [viewerId, draftId, fields, isChanged, initialText]);
  const [isConfirming, setIsConfirming] = useState(false);
  const requestOpenChange = (next: boolean) => {
    if (!next && isChanged) setIsConfirming(true);
    else onOpenChange(next);
  };

  return (
    <>
      <Dialog open={isConfirming} onOpenChange={setIsConfirming}>
        <DialogContent showCloseButton={false}>
          <DialogHeader>
            <DialogTitle>{ARTICLE_MSG.discardTitle}</DialogTitle>
            <DialogDescription>{ARTICLE_MSG.discardText}</DialogDescription>
          </DialogHeader>
          <DialogFooter className="gap-2">
            <Button variant="outline" onClick={() => setIsConfirming(false)}>
              {ARTICLE_MSG.keepEditing}
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                setIsConfirming(false);
                setFields(initial);
                setIsRestored(false);
                forgetWork(viewerId, draftId);
                onOpenChange(false);
              }}
            >
              {ARTICLE_MSG.discard}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <Dialog open={open} onOpenChange={requestOpenChange}>
        <DialogContent
          aria-describedby={undefined}
          className="max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-3xl gap-5 overflow-y-auto p-4 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:p-6"
          // The first field, not the close button, takes focus (not on touch screens: no keyboard jump).
          onOpenAutoFocus={(event) => {
            if (isTouchScreen()) return;
            const title = document.getElementById(TITLE_ID);
            if (!title) return;
            event.preventDefault();
            title.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{editorTitle(draftId, isPublished)}</DialogTitle>
            {isRestored ? (
              <DialogDescription role="status">{ARTICLE_MSG.restoredWork}</DialogDescription>
            ) : null}
          </DialogHeader>
          {fields ? (
            <ArticleEditorForm
              fields={fields}
              onFieldsChange={(update) => setFields((current) => (current ? update(current) : current))}
              draftId={draftId}
              isPublished={isPublished}
              onSaved={(article) => {
                forgetWork(viewerId, draftId);
                onSaved(article);
              }}
            />
          ) : draft.isError ? (
            <LoadError
              message={ARTICLE_MSG.loadFailed}
              onRetry={draft.refetch}
              retryLabel={ARTICLE_MSG.tryAgain}
            />
          ) : (
            <div className="flex justify-center py-16">
              <Spinner label="Loading draft" className="size-6 text-muted-foreground" />
            </div>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

const editorTitle = (draftId: string | null, isPublished: boolean) =>
  !draftId
    ? ARTICLE_MSG.editorTitle
    : isPublished
      ? ARTICLE_MSG.editArticleTitle
      : ARTICLE_MSG.editDraftTitle;

function ArticleEditorForm({
  fields,
  onFieldsChange,
  draftId,
  isPublished,
  onSaved,
}: {
  fields: EditorFields;
  onFieldsChange: (update: (fields: EditorFields) => EditorFields) => void;
  draftId: string | null;
  isPublished: boolean;
  onSaved: (article: Article) => void;
}) {
  const save = useSaveArticle();
  const [savingAs, setSavingAs] = useState<ArticleStatus | null>(null);
  const [tab, setTab] = useState<EditorTab>('edit');
  const ids = { title: TITLE_ID, category: useId(), content: useId() };
  const set = <K extends keyof EditorFields>(key: K, value: EditorFields[K]) =>
    onFieldsChange((current) => ({ ...current, [key]: value }));
  const upload = useArticleImageUpload({ onUploaded: (url) => set('imageUrl', url) });

  // The same schema the server applies; an unchosen category reads as missing.
  const form = useSchemaForm(ZArticleFields, () => ({
    ...fields,
    category: fields.category || undefined,
  }));
  const titleField = form.field('title');
  const categoryField = form.field('category');
  const contentField = form.field('content');
  const imageField = form.field('imageUrl');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const status: ArticleStatus = submitter?.getAttribute('value') === 'published' ? 'published' : 'draft';
    // Its message sits under the text area: show that tab.
    if (!ZArticleContent.safeParse(fields.content).success) setTab('edit');
    form.onSubmit((data) => {
      setSavingAs(status);
      save.mutate(
        { fields: data, status, draftId: draftId ?? undefined, isPublished },
        {
          onSuccess: (article) => {
            form.succeeded();
            toast.success(
              isPublished
                ? ARTICLE_MSG.savedChanges
                : status === 'published'
                  ? ARTICLE_MSG.published
                  : ARTICLE_MSG.savedDraft,
            );
            onSaved(article);
          },
          onError: (error) => {
            form.failed(
              error,
              isApiError(error) && error.status === 401 ? ARTICLE_MSG.mustBeLoggedIn : ARTICLE_MSG.saveFailed,
            );
          },
          onSettled: () => setSavingAs(null),
        },
      );
    })(event);
  };

  // Enter in the title moves on instead of saving a draft by surprise.
  const onTitleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    document.getElementById(ids.category)?.focus();
  };

  const isBusy = save.isPending || upload.isBusy;

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={editorTitle(draftId, isPublished)}
      className="grid min-w-0 gap-5"
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <div className="grid gap-2">
          <LabelWithCount
            htmlFor={ids.title}
            label="Title"
            count={fields.title.length}
            max={ARTICLES.titleMax}
          />
          <Input
            id={ids.title}
            name="title"
            value={fields.title}
            onChange={(event) => {
              titleField.onChange();
              set('title', event.target.value);
            }}
            onKeyDown={onTitleKeyDown}
            autoComplete="off"
            aria-invalid={titleField.error ? true : undefined}
            aria-describedby={describe(ids.title, titleField.error)}
          />
          <FieldError id={ids.title} error={titleField.error} />
        </div>
        <div className="grid content-start gap-2">
          <div className="flex h-4 items-center">
            <Label htmlFor={ids.category}>Category</Label>
          </div>
          <select
            id={ids.category}
            name="category"
            value={fields.category}
            onChange={(event) => {
              categoryField.onChange();
              set('category', event.target.value as ArticleCategory);
            }}
            aria-invalid={categoryField.error ? true : undefined}
            aria-describedby={describe(ids.category, categoryField.error)}
            className={cn(
              'h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive-text md:text-sm',
              !fields.category && 'text-muted-foreground',
            )}
          >
            <option value="" disabled>
              Choose…
            </option>
            {ARTICLE_CATEGORIES.map((category) => (
              <option key={category} value={category} className="text-foreground">
                {ARTICLE_CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
          <FieldError id={ids.category} error={categoryField.error} />
        </div>
      </div>

      <FeaturedImageField
        value={fields.imageUrl}
        onRemove={() => set('imageUrl', null)}
        upload={upload}
        error={imageField.error}
      />

      <div className="grid min-w-0 gap-2">
        <LabelWithCount
          htmlFor={ids.content}
          label="Content"
          count={fields.content.length}
          max={ARTICLES.contentMax}
        />
        <MarkdownField
          id={ids.content}
          name="content"
          value={fields.content}
          onChange={(value) => {
            contentField.onChange();
            set('content', value);
          }}
          tab={tab}
          onTabChange={setTab}
          isInvalid={!!contentField.error}
          describedBy={describe(ids.content, contentField.error)}
        />
        <FieldError id={ids.content} error={contentField.error} />
        <ComposerLinkCard text={fields.content} onTextChange={(value) => set('content', value)} />
      </div>

      <DialogFooter className="gap-2">
        <DialogClose asChild>
          <Button variant="ghost" disabled={save.isPending}>
            Cancel
          </Button>
        </DialogClose>
        {isPublished ? null : (
          <Button type="submit" name="status" value="draft" variant="outline" disabled={isBusy}>
            {savingAs === 'draft' ? <Spinner /> : null}
            {ARTICLE_MSG.saveDraft}
          </Button>
        )}
        <Button type="submit" name="status" value="published" disabled={isBusy}>
          {savingAs === 'published' ? <Spinner /> : null}
          {isPublished ? ARTICLE_MSG.saveChanges : ARTICLE_MSG.publish}
        </Button>
      </DialogFooter>
    </form>
  );
}

const describe = (id: string, error: string | undefined) => (error ? `${id}-error` : `${id}-count`);

/** A field's label with its character count on the right (red past the limit). */
function LabelWithCount({
  htmlFor,
  label,
  count,
  max,
}: {
  htmlFor: string;
  label: string;
  count: number;
  max: number;
}) {
  return (
    <div className="flex h-4 items-center justify-between gap-2">
      <Label htmlFor={htmlFor}>{label}</Label>
      <span
        id={`${htmlFor}-count`}
        className={cn(
          'text-xs tabular-nums',
          count > max ? 'text-destructive-text' : 'text-muted-foreground',
        )}
      >
        {count}/{max}
      </span>
    </div>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-sm text-destructive-text">
      {error}
    </p>
  );
}
