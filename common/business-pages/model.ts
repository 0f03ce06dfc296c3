import type { PersonSummary } from '../profiles/model';

/**
 * Business pages, their posts and reviews (9;
 * docs/product-rules.md: both route forms, upload limits). Shared by the server and the web app. No zod here
 * (see schemas.ts).
 */

export const BUSINESS_CATEGORIES = [
  'Restaurant',
  'Retail',
  'Technology',
  'Healthcare',
  'Education',
  'Real Estate',
  'Automotive',
  'Beauty & Wellness',
  'Professional Services',
  'Other',
] as const;
export type BusinessCategory = (typeof BUSINESS_CATEGORIES)[number];

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'flagged'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const BUSINESS = {
  nameMax: 100,
  descriptionMax: 5000,
  /** Website, email, phone, address and hours: generous, but bounded. */
  websiteMax: 500,
  emailMax: 254,
  phoneMax: 40,
  addressMax: 300,
  hoursMax: 300,
  postMax: 5000,
  reviewTitleMin: 3,
  reviewTitleMax: 100,
  reviewContentMin: 10,
  reviewContentMax: 1000,
  ratingMin: 1,
  ratingMax: 5,
  ratingDefault: 5,
  pageSize: 12,
  pageMax: 50,
  postPageSize: 10,
  reviewPageSize: 10,
  skeletons: 6,
  /** Images are 10 MB (docs/product-rules.md: upload limits). */
  imageMaxMb: 10,
} as const;

/** The product's texts for business pages, word for word (and what the app adds, marked). */
/** The kind a message about a page names: `{ inquiry: { kind, id } }`. */
export const PAGE_INQUIRY_KIND = 'business_page';

export const BUSINESS_MSG = {
  heading: 'Business Pages',
  create: 'Create Business Page',
  viewPage: 'View Page',
  searchPlaceholder: 'Search business pages...',
  allCategories: 'All',
  emptyFiltered: 'No business pages found matching your criteria.',
  empty: 'No business pages available yet.',
  loadFailed: 'Failed to load business pages',
  createFailed: 'Failed to create business page. Please try again.',
  /** The app's own (not in the spec): the daily limit on new pages. */
  createLimited: 'You have created many business pages today. Please try again tomorrow.',
  updateFailed: 'Failed to update business page.',
  authRequired: 'Authentication Required',
  followFailed: 'Failed to update follow status. Please try again.',
  notFound: 'Business Page Not Found',
  notFoundText: 'The business page you are looking for does not exist or has been removed.',
  /** A message about a page the sender cannot see, or not the receiver's. */
  inquiryNotFound: 'This business page could not be found.',
  /** The owner's notification of a message about their page. */
  inquiryNotice: (name: string, page: string) => `${name} sent a message about your business page "${page}"`,
  back: 'Back to Business Pages',
  editPage: 'Edit Page',
  changeCover: 'Change Cover',
  follow: 'Follow',
  following: 'Following',
  message: 'Message',
  followers: (n: number) => `${n} ${n === 1 ? 'follower' : 'followers'}`,
  verified: 'Verified',
  tabPosts: 'Posts',
  tabAbout: 'About',
  tabReviews: 'Reviews',
  // Form
  name: 'Business Name',
  category: 'Category',
  description: 'Description',
  website: 'Website',
  phone: 'Phone',
  email: 'Email',
  address: 'Address',
  hours: 'Business Hours',
  profileImage: 'Profile Image',
  coverImage: 'Cover Photo',
  save: 'Save Changes',
  cancel: 'Cancel',
  editTitle: 'Edit Business Page',
  nameRequired: 'Business name is required',
  categoryRequired: 'Please select a category',
  descriptionRequired: 'Description is required',
  websiteInvalid: 'Please enter a valid URL',
  emailInvalid: 'Please enter a valid email address',
  tooLong: 'This is too long',
  invalidId: 'Business Page Not Found',
  invalidCursor: 'Invalid page cursor',
  imageNotUploaded: 'Upload the image first',
  cannotFollowOwn: 'You cannot follow your own page',
  // Posts
  postPlaceholder: 'Share an update with your followers...',
  post: 'Post',
  postRequired: 'Please enter some content for your post',
  postNotFound: 'Post not found',
  loadPostsFailed: 'Failed to load posts',
  deletePostFailed: 'Failed to delete post',
  createPostFailed: 'Failed to create post',
  updatePostFailed: 'Failed to update post',
  likeFailed: 'Failed to update like',
  shareFailed: 'Failed to share post',
  signInLike: 'Please login to like posts',
  signInShare: 'Please login to share posts',
  signInComment: 'Please login to comment',
  loadCommentsFailed: 'Failed to load comments',
  addCommentFailed: 'Failed to add comment',
  noPosts: 'No posts yet.',
  like: 'Like',
  share: 'Share',
  shared: 'Shared',
  comments: 'Comments',
  edit: 'Edit',
  delete: 'Delete',
  addImage: 'Add Image',
  // Reviews
  writeReview: 'Write a Review',
  rating: 'Rating',
  reviewTitle: 'Title',
  reviewContent: 'Review',
  submitReview: 'Submit Review',
  signInReview: 'Please sign in to write a review',
  reviewFailed: 'Failed to submit review. Please try again.',
  deleteReviewFailed: 'Failed to delete review',
  ratingRequired: 'Please select a rating',
  titleRequired: 'Title is required',
  titleMin: 'Title must be at least 3 characters',
  titleMax: 'Title must be at most 100 characters',
  contentRequired: 'Review content is required',
  contentMin: 'Review must be at least 10 characters',
  contentMax: 'Review must be at most 1000 characters',
  duplicateReview: 'You have already reviewed this business',
  ownReview: 'You cannot review your own business page',
  reviewNotFound: 'Review not found',
  /** Ours: the author of a review marking it helpful. */
  ownReviewHelpful: 'You cannot mark your own review as helpful.',
  pending: 'Pending approval',
  helpful: 'Helpful',
  noReviews: 'No reviews yet.',
  reviewCount: (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`,
  // Feed and search
  feedBadge: 'Business Page',
} as const;

/** A page's card in the list. */
export type BusinessPageSummary = {
  id: string;
  name: string;
  category: BusinessCategory;
  description: string;
  isVerified: boolean;
  followers: number;
  profileImage: string | null;
  coverImage: string | null;
  ownerId: string;
  createdAt: string;
};

export type BusinessPageList = {
  items: BusinessPageSummary[];
  nextCursor: string | null;
};

/** One page as the viewer may see it. */
export type BusinessPage = BusinessPageSummary & {
  website: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  hours: string | null;
  updatedAt: string;
  owner: PersonSummary;
  isOwner: boolean;
  isFollowing: boolean;
  /** Approved reviews only (the average to one decimal). */
  rating: { average: number | null; count: number };
  /** The viewer has a review here (any status): the form is not offered again. */
  hasReviewed: boolean;
  canDelete: boolean;
};

export type BusinessPost = {
  id: string;
  pageId: string;
  author: PersonSummary;
  content: string;
  imageUrl: string | null;
  likesCount: number;
  sharesCount: number;
  commentsCount: number;
  userHasLiked: boolean;
  userHasShared: boolean;
  canEdit: boolean;
  canDelete: boolean;
  createdAt: string;
  updatedAt: string;
};

export type BusinessPostList = { items: BusinessPost[]; nextCursor: string | null };

export type BusinessReview = {
  id: string;
  pageId: string;
  author: PersonSummary;
  rating: number;
  title: string;
  content: string;
  helpfulCount: number;
  status: ReviewStatus;
  isMine: boolean;
  markedHelpful: boolean;
  canDelete: boolean;
  createdAt: string;
};

export type BusinessReviewList = { items: BusinessReview[]; nextCursor: string | null };

export type BusinessImage = { url: string };

/** Rounded to one decimal, as the page shows it. */
export const roundRating = (avg: number) => Math.round(avg * 10) / 10;

/**
 * The page's own path (the feed and page links use /business-pages/{id}: docs/product-rules.md: both route
 * forms).
 */
export const businessPagePath = (id: string) => `/business-pages/${id}`;

/** What members may report here: the report's target type and how "Report this {label}" names it. */
export const BUSINESS_POST_REPORT_TARGET = { type: 'business_post', label: 'post' } as const;
export const REVIEW_REPORT_TARGET = { type: 'review', label: 'review' } as const;

/* The admin's Reviews tab (issue 20 part B): the queue, its counts and the labels of the statuses. */

export const REVIEW_STATUS_LABEL: Record<ReviewStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  flagged: 'Flagged',
};

/** One review in the moderation queue, with its author, its page and who moderated it. */
export type ModerationReview = {
  id: string;
  page: { id: string; name: string };
  author: PersonSummary;
  rating: number;
  title: string;
  content: string;
  status: ReviewStatus;
  note: string | null;
  reason: string | null;
  moderatedAt: string | null;
  /** The admin who moderated it; `fullName` only when they set one other than their username (shown first, username after). */
  moderatedBy: { id: string; username: string; fullName?: string } | null;
  createdAt: string;
};
export type ModerationReviewPage = { items: ModerationReview[]; nextCursor: string | null };
export type ReviewStats = Record<ReviewStatus, number> & { total: number };

/** POST /api/admin/reviews/moderate: which changed and which were already in that state. */
export type ModerateResult = { updated: string[]; alreadyHandled: string[] };

/** This area's live events, part of the realtime protocol's `ServerEvent` (keyed by `type`). */
declare module '../core/realtime' {
  interface AreaEvents {
    /**
     * A business page changed (topic business-page:{id}): its follower count, its posts or its
     * reviews; the page refetches the part named. Only what any reader of the page may see.
     */
    'business_page.changed': {
      type: 'business_page.changed';
      pageId: string;
      followers: number;
      part: 'page' | 'posts' | 'reviews';
    };
  }
}

/** One business page's follower count, posts and reviews, for whoever may see the page. */
export const businessPageTopic = (pageId: string) => `business-page:${pageId}`;

/** What this area puts on the home feed: its kinds (no filter tab: All only) (common/feed/model.ts). */
declare module '../feed/model' {
  interface AreaFeedKinds {
    business_page: true;
    /** An older kind the app once published (a page's update): still shown with its badge. */
    business_update: true;
  }
}
