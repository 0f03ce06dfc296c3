/**
 * The editor's work in progress, kept in this browser as it is typed (issue 21), so a closed tab,
 * a crash or a reload loses nothing: reopening the editor for the same article (or a new one)
 * brings it back. One entry per member and article; saving or discarding removes it. Local, not a
 * server draft: half-written fields need not pass the article's rules, and a published article's
 * unsaved edits must not reach its readers.
 */

export type WorkInProgress = {
  title: string;
  category: string;
  content: string;
  imageUrl: string | null;
};

const keyOf = (viewerId: string, articleId: string | null) =>
  `cofound:article-work:${viewerId}:${articleId ?? 'new'}`;

export function readWork(viewerId: string, articleId: string | null): WorkInProgress | null {
  try {
    const raw = window.localStorage.getItem(keyOf(viewerId, articleId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<WorkInProgress>;
    if (typeof value.title !== 'string' || typeof value.content !== 'string') return null;
    return {
      title: value.title,
      category: typeof value.category === 'string' ? value.category : '',
      content: value.content,
      imageUrl: typeof value.imageUrl === 'string' ? value.imageUrl : null,
    };
  } catch {
    return null;
  }
}

export function writeWork(viewerId: string, articleId: string | null, work: WorkInProgress): void {
  try {
    window.localStorage.setItem(keyOf(viewerId, articleId), JSON.stringify(work));
  } catch {
    // Storage full or refused (private mode): the editor still works, only without the copy.
  }
}

export function forgetWork(viewerId: string, articleId: string | null): void {
  try {
    window.localStorage.removeItem(keyOf(viewerId, articleId));
  } catch {
    // As above.
  }
}
