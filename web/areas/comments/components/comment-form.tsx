import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '@web/lib/toast';
import { COMMENT_MSG, COMMENTS } from '@common/comments/model';
import type { EngagementContentType } from '@common/reactions/model';
import type { SignInAsk } from '@web/app/providers/sign-in-prompt';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ComposerLinkCard } from '@web/components/link-card';
import { MentionTextarea } from '@web/components/mention-textarea';
import { refusalText } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useAddComment } from '../api/add-comment';

/** The counter shows from this many characters left. */
const COUNTER_FROM = 200;

/**
 * The shared schema (and with it the schema library) loads when a box is first focused or used,
 * not with the page that shows the box (docs/decisions/045-first-view-startup.md).
 */
const loadSchema = () => import('@common/comments/schemas').then((m) => m.ZCreateComment);

/**
 * The comment box, or a reply box under a comment (`parentId`). Checked by the shared schema;
 * Ctrl/Cmd+Enter posts. The text clears once posted and stays when posting fails.
 */
/**
 * Texts an area may word its own way (each falls back to the shared one): the toasts after
 * posting, the load failure, and what a visitor is asked when they want to comment.
 */
export type CommentTexts = {
  added?: string;
  replyAdded?: string;
  addFailed?: string;
  loadFailed?: string;
  signIn?: SignInAsk;
};

export function CommentForm({
  contentType,
  contentId,
  parentId = null,
  label,
  autoFocus = false,
  onPosted,
  onCancel,
  texts,
}: {
  contentType: EngagementContentType;
  contentId: string;
  parentId?: string | null;
  /** The box's accessible name ('Write a comment', 'Reply to Ada'). */
  label: string;
  autoFocus?: boolean;
  onPosted?: () => void;
  /** Shown as a Cancel button (reply boxes). */
  onCancel?: () => void;
  /** An area's own toasts (forums: their own words); the shared ones otherwise. */
  texts?: CommentTexts | undefined;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useAddComment(contentType, contentId);
  const id = useId();
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const isReply = parentId !== null;
  /** A submit waiting for the schema's code: a second Ctrl+Enter meanwhile is not a second post. */
  const checking = useRef(false);

  const left = COMMENTS.maxLength - text.trim().length;
  const isEmpty = !text.trim();

  const submit = () => {
    if (add.isPending || checking.current) return;
    checking.current = true;
    void loadSchema()
      .then((schema) => {
        checking.current = false;
        check(schema);
      })
      .catch(() => {
        checking.current = false;
        toast.error(texts?.addFailed ?? COMMENT_MSG.addFailed);
      });
  };

  const check = (schema: Awaited<ReturnType<typeof loadSchema>>) => {
    const parsed = schema.safeParse({ content: text, parentId });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? COMMENT_MSG.required);
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(
          isReply ? (texts?.replyAdded ?? COMMENT_MSG.added) : (texts?.added ?? COMMENT_MSG.added),
        );
        setText('');
        onPosted?.();
      },
      onError: (failure) => {
        toast.error(texts?.addFailed ?? COMMENT_MSG.addFailed, { description: refusalText(failure) });
      },
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const describedBy = error ? errorId : left <= COUNTER_FROM ? counterId : undefined;

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2">
      <MentionTextarea
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => void loadSchema()}
        readOnly={add.isPending}
        placeholder={isReply ? COMMENT_MSG.replyPlaceholder : COMMENT_MSG.placeholder}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        // A reply box takes the focus when its Reply button opens it.
        autoFocus={autoFocus}
        style={{ minHeight: COMMENTS.textareaMinHeightPx }}
        className="max-h-80"
      />
      <ComposerLinkCard text={text} onTextChange={setText} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0 text-xs">
          {error ? (
            <p id={errorId} className="text-sm text-destructive-text">
              {error}
            </p>
          ) : left <= COUNTER_FROM ? (
            <p id={counterId} className={cn(left < 0 ? 'text-destructive-text' : 'text-muted-foreground')}>
              {left < 0 ? COMMENT_MSG.tooLong : COMMENT_MSG.charactersLeft(left)}
            </p>
          ) : null}
        </div>
        <div className="ml-auto flex gap-2">
          {onCancel ? (
            <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
              {COMMENT_MSG.cancel}
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={isEmpty || add.isPending}>
            {add.isPending ? <Spinner /> : null}
            {isReply ? COMMENT_MSG.reply : COMMENT_MSG.submit}
          </Button>
        </div>
      </div>
    </form>
  );
}
