import { z } from 'zod';
import { answers, zPage, ZIsoDate, ZUploadedImage } from '../core/api-schemas';
import { ZPersonSummary } from '../profiles/responses';
import {
  BUSINESS_CATEGORIES,
  REVIEW_STATUSES,
  type BusinessImage,
  type BusinessPage,
  type BusinessPageList,
  type BusinessPost,
  type BusinessPostList,
  type BusinessReview,
  type BusinessReviewList,
  type ModerateResult,
  type ModerationReviewPage,
  type ReviewStats,
} from './model';

/* The business pages area's answers (server/areas/business-pages/business-pages.api.ts), tied to model.ts. */

const ZBusinessPageSummary = z.strictObject({
  id: z.string(),
  name: z.string(),
  category: z.enum(BUSINESS_CATEGORIES),
  description: z.string(),
  isVerified: z.boolean(),
  followers: z.number(),
  profileImage: z.string().nullable(),
  coverImage: z.string().nullable(),
  ownerId: z.string(),
  createdAt: ZIsoDate,
});

export const ZBusinessPageList = answers<BusinessPageList>()(zPage(ZBusinessPageSummary));

export const ZBusinessPage = answers<BusinessPage>()(
  ZBusinessPageSummary.extend({
    website: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    hours: z.string().nullable(),
    updatedAt: ZIsoDate,
    owner: ZPersonSummary,
    isOwner: z.boolean(),
    isFollowing: z.boolean(),
    rating: z.strictObject({ average: z.number().nullable(), count: z.number() }),
    hasReviewed: z.boolean(),
    canDelete: z.boolean(),
  }),
);

export const ZBusinessImage = answers<BusinessImage>()(ZUploadedImage);

/** PUT /api/business-pages/{id}/follow. */
export const ZBusinessFollow = answers<{ following: boolean; followers: number }>()(
  z.strictObject({ following: z.boolean(), followers: z.number() }),
);

export const ZBusinessPost = answers<BusinessPost>()(
  z.strictObject({
    id: z.string(),
    pageId: z.string(),
    author: ZPersonSummary,
    content: z.string(),
    imageUrl: z.string().nullable(),
    likesCount: z.number(),
    sharesCount: z.number(),
    commentsCount: z.number(),
    userHasLiked: z.boolean(),
    userHasShared: z.boolean(),
    canEdit: z.boolean(),
    canDelete: z.boolean(),
    createdAt: ZIsoDate,
    updatedAt: ZIsoDate,
  }),
);

export const ZBusinessPostList = answers<BusinessPostList>()(zPage(ZBusinessPost));

/** PUT /api/business-posts/{id}/like. */
export const ZBusinessPostLike = answers<{ liked: boolean; likesCount: number }>()(
  z.strictObject({ liked: z.boolean(), likesCount: z.number() }),
);

/** POST /api/business-posts/{id}/share. */
export const ZBusinessPostShare = answers<{ shared: true; sharesCount: number }>()(
  z.strictObject({ shared: z.literal(true), sharesCount: z.number() }),
);

export const ZBusinessReview = answers<BusinessReview>()(
  z.strictObject({
    id: z.string(),
    pageId: z.string(),
    author: ZPersonSummary,
    rating: z.number(),
    title: z.string(),
    content: z.string(),
    helpfulCount: z.number(),
    status: z.enum(REVIEW_STATUSES),
    isMine: z.boolean(),
    markedHelpful: z.boolean(),
    canDelete: z.boolean(),
    createdAt: ZIsoDate,
  }),
);

export const ZBusinessReviewList = answers<BusinessReviewList>()(zPage(ZBusinessReview));

/** POST /api/business-reviews/{id}/helpful. */
export const ZReviewHelpful = answers<{ helpfulCount: number }>()(
  z.strictObject({ helpfulCount: z.number() }),
);

export const ZModerationReviewPage = answers<ModerationReviewPage>()(
  zPage(
    z.strictObject({
      id: z.string(),
      page: z.strictObject({ id: z.string(), name: z.string() }),
      author: ZPersonSummary,
      rating: z.number(),
      title: z.string(),
      content: z.string(),
      status: z.enum(REVIEW_STATUSES),
      note: z.string().nullable(),
      reason: z.string().nullable(),
      moderatedAt: ZIsoDate.nullable(),
      moderatedBy: z
        .strictObject({ id: z.string(), username: z.string(), fullName: z.string().optional() })
        .nullable(),
      createdAt: ZIsoDate,
    }),
  ),
);

export const ZReviewStats = answers<ReviewStats>()(
  z.strictObject({
    pending: z.number(),
    approved: z.number(),
    rejected: z.number(),
    flagged: z.number(),
    total: z.number(),
  }),
);

export const ZModerateResult = answers<ModerateResult>()(
  z.strictObject({ updated: z.array(z.string()), alreadyHandled: z.array(z.string()) }),
);
