import type { PersonSummary } from '../profiles/model';
import type { CommentPage } from '../comments/model';
import type { ReactionSummary } from '../reactions/model';

/**
 * Articles (docs/product-rules.md: every feature is a real write). Shared by the server and the
 * web app. No zod here (see schemas.ts), so list pages stay small.
 */

export const ARTICLE_CATEGORIES = ['tech', 'business', 'lifestyle'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
export const ARTICLE_CATEGORY_LABELS: Record<ArticleCategory, string> = {
  tech: 'Technology',
  business: 'Business',
  lifestyle: 'Lifestyle',
};

/** The list's tabs, in order. `my` and `drafts` are for signed-in members only. */
export const ARTICLE_TABS = ['all', 'tech', 'business', 'lifestyle', 'my', 'drafts'] as const;
export type ArticleTab = (typeof ARTICLE_TABS)[number];
export const ARTICLE_TAB_LABELS: Record<ArticleTab, string> = {
  all: 'All Articles',
  tech: 'Technology',
  business: 'Business',
  lifestyle: 'Lifestyle',
  my: 'My Articles',
  drafts: 'Drafts',
};
export const MEMBER_ARTICLE_TABS: readonly ArticleTab[] = ['my', 'drafts'];

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ARTICLES = {
  titleMin: 3,
  titleMax: 100,
  contentMin: 10,
  contentMax: 10_000,
  /** Stored excerpt: the content's plain text, cut here, plus '...' when longer. */
  excerptLength: 150,
  /** A draft's preview in the Drafts tab. */
  draftPreviewLength: 100,
  /** A card's preview, plus an ellipsis. */
  previewLength: 200,
  pageSize: 12,
  pageMax: 50,
  skeletons: 3,
  /** Featured image: pixels, and width / height. */
  imageMinWidth: 400,
  imageMinHeight: 300,
  imageMaxWidth: 2000,
  imageMaxHeight: 2000,
  imageMinAspect: 0.5,
  imageMaxAspect: 3,
  /** The editor's text area, in px. */
  editorHeightPx: 300,
} as const;

/** The product's texts for articles (and the feed's guard), word for word. */
export const ARTICLE_MSG = {
  /** Closing the editor with changes (issue 21). */
  discardTitle: 'Discard your changes?',
  discardText: 'What you wrote since it was last saved will be lost.',
  keepEditing: 'Keep editing',
  discard: 'Discard',
  heading: 'Articles',
  writeArticle: 'Write Article',
  editorTitle: 'Create New Article',
  editDraftTitle: 'Edit Draft',
  /** Issue 21: the author edits a published article; no spec text, ours. */
  editArticleTitle: 'Edit Article',
  editArticle: 'Edit',
  saveChanges: 'Save changes',
  savedChanges: 'Your changes have been published',
  edited: 'Edited',
  /** Work in progress kept in this browser (issue 21) and brought back on reopening. */
  restoredWork: 'Your unsaved work was restored.',
  count: (n: number | string) => `Articles (${n})`,
  refresh: 'Refresh',
  tryAgain: 'Try Again',
  empty: 'No articles found.',
  signInAction: 'read this article',
  saveDraft: 'Save as Draft',
  publish: 'Publish',
  edit: 'Edit',
  preview: 'Preview',
  nothingToPreview: 'Nothing to preview yet.',
  back: 'Back to Articles',
  delete: 'Delete',
  deleteAdmin: 'Delete (Admin)',
  deleteConfirmTitle: 'Delete this article?',
  deleteConfirmText: 'The article, its reactions and its comments will be removed. This cannot be undone.',
  deleteDraftConfirmTitle: 'Delete this draft?',
  publishDraft: 'Publish',
  deleteDraft: 'Delete',

  titleMin: 'Title must be at least 3 characters',
  titleMax: 'Title must be less than 100 characters',
  contentMin: 'Content must be at least 10 characters',
  contentMax: 'Content must be less than 10000 characters',
  categoryRequired: 'Please choose a category',
  invalidTab: 'Unknown articles tab.',
  invalidCursor: 'Invalid cursor.',

  saveFailed: 'Failed to save draft/publish article. Please try again.',
  mustBeLoggedIn: 'You must be logged in to post an article',
  loadFailed: 'Failed to load article',
  listLoadFailed: 'Failed to load articles',
  invalidIdTitle: 'Invalid Article',
  invalidId: 'Invalid article ID format',
  notFoundTitle: 'Article Not Found',
  notFound: 'Article not found',
  noPermission: 'You do not have permission to delete this article.',
  deleteFailed: 'Failed to delete article',
  deleteDraftFailed: 'Failed to delete draft',
  publishDraftFailed: 'Failed to publish draft',
  alreadyPublished: 'This article is already published.',

  savedDraft: 'Your article has been saved as a draft',
  published: 'Your article has been published and added to the feed',
  draftDeleted: 'Draft deleted successfully',
  draftPublished: 'Draft published successfully',
  deleted: 'Article deleted',
  imageUploaded: 'Image uploaded',

  imageInvalidType: 'Please upload an image file',
  imageInvalidDimensionsTitle: 'Invalid image dimensions',
  imageTooSmall: 'Image too small. Minimum size: 400x300px',
  imageTooLarge: 'Image too large. Maximum size: 2000x2000px',
  imageAspect: 'Image aspect ratio should be between 1:2 and 3:1 for optimal display',
  imageInvalid: 'Invalid image file',
  imageTooBig: (mb: number) => `Image must be less than ${mb}MB`,
  imageAuthTitle: 'Authentication required',
  imageAuth: 'Please log in to upload images',
  imageUploadFailedTitle: 'Upload failed',
  imageUploadFailed: 'There was an error uploading your image',
  imageFormats: 'JPG, PNG or GIF, 400x300 to 2000x2000 px',
  /** An imageUrl that is not a featured image this member uploaded here (the API refuses it). */
  imageNotUploaded: 'Please upload the featured image here: only images you uploaded can be used.',
} as const;

/** What a list card shows. */
export type ArticleSummary = {
  id: string;
  title: string;
  /** Plain text, ARTICLES.previewLength characters plus '…' when longer (100 for drafts). */
  preview: string;
  category: ArticleCategory;
  imageUrl: string | null;
  status: ArticleStatus;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** A published article its author changed since (issue 21), shown as 'Edited'; null otherwise. */
  editedAt: string | null;
  author: PersonSummary;
};

export type ArticlePage = {
  items: ArticleSummary[];
  /** How many the tab holds (for 'Articles (n)'), counted up to LIMITS.listCountCap. */
  total: number;
  /** There are more than `total` (shown as 'n+'). */
  totalCapped: boolean;
  nextCursor: string | null;
};

/** One article as its page shows it. */
export type Article = ArticleSummary & {
  /** The markdown the author wrote (for editing a draft). */
  content: string;
  /** The content rendered to safe HTML (common/core/markdown.ts). */
  html: string;
  excerpt: string;
  /** The viewer may delete it: the author, or an admin ('Delete (Admin)' when not the author). */
  canDelete: boolean;
  isAuthor: boolean;
};

/**
 * GET /api/articles/{id}: the article with its reactions (counts and the viewer's own) and the first
 * page of its comments as the comments API answers it to the viewer, so its page asks no more
 * requests for them; null for a draft, which takes none.
 */
export type ArticleWithReactions = Article & {
  reactions: ReactionSummary | null;
  comments: CommentPage | null;
};

export type ArticleImage = { url: string };

/** The text cut to `length` characters (on a word boundary when one is near), plus `suffix`. */
export function clipText(text: string, length: number, suffix: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return (space > length * 0.8 ? cut.slice(0, space) : cut).trimEnd() + suffix;
}

/** The featured image's pixel rules, in the order they are checked; null when fine. */
export function articleImageProblem(width: number, height: number): string | null {
  if (width < ARTICLES.imageMinWidth || height < ARTICLES.imageMinHeight) return ARTICLE_MSG.imageTooSmall;
  if (width > ARTICLES.imageMaxWidth || height > ARTICLES.imageMaxHeight) return ARTICLE_MSG.imageTooLarge;
  const aspect = width / height;
  if (aspect < ARTICLES.imageMinAspect || aspect > ARTICLES.imageMaxAspect) return ARTICLE_MSG.imageAspect;
  return null;
}

/** What members may report here: the report's target type and how "Report this {label}" names it. */
export const ARTICLE_REPORT_TARGET = { type: 'article', label: 'article' } as const;

/** What this area puts on the home feed: its kinds and its filter tab (common/feed/model.ts). */
declare module '../feed/model' {
  interface AreaFeedKinds {
    article: true;
  }
  interface AreaFeedCategories {
    articles: true;
  }
}

/** What a visitor following an article's feed card is asked to sign in for. */
export const ARTICLE_FEED_SIGN_IN = 'read this article';
