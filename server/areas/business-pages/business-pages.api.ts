import { ZOk } from '@common/core/api-schemas';
import {
  ZBusinessFollow,
  ZBusinessImage,
  ZBusinessPage,
  ZBusinessPageList,
  ZBusinessPost,
  ZBusinessPostLike,
  ZBusinessPostList,
  ZBusinessPostShare,
  ZBusinessReview,
  ZBusinessReviewList,
  ZModerateResult,
  ZModerationReviewPage,
  ZReviewHelpful,
  ZReviewStats,
} from '@common/business-pages/responses';
import type { ApiDocs } from '../../platform/openapi';

/** The business-pages area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const businessPagesApiDocs: ApiDocs = {
  'GET /business-pages': { summary: 'List business pages', response: ZBusinessPageList, access: 'public' },
  'POST /business-pages': { summary: 'Create a business page', response: ZBusinessPage, status: 201 },
  'POST /business-pages/images/:preset': {
    summary: 'Upload a business page picture (logo or cover)',
    response: ZBusinessImage,
    status: 201,
    body: 'multipart/form-data',
  },
  'GET /business-pages/:id': {
    summary: 'Read one business page',
    response: ZBusinessPage,
    access: 'public',
  },
  'PATCH /business-pages/:id': { summary: 'Edit a business page', response: ZBusinessPage },
  'PUT /business-pages/:id/cover': { summary: 'Set a business page cover', response: ZBusinessPage },
  'DELETE /business-pages/:id': { summary: 'Delete a business page', response: ZOk },
  'PUT /business-pages/:id/follow': {
    summary: 'Follow or unfollow a business page',
    response: ZBusinessFollow,
  },
  'GET /business-pages/:id/posts': {
    summary: 'A business page’s posts',
    response: ZBusinessPostList,
    access: 'public',
  },
  'POST /business-pages/:id/posts': {
    summary: 'Post as a business page',
    response: ZBusinessPost,
    status: 201,
  },
  'PATCH /business-posts/:id': { summary: 'Edit a business post', response: ZBusinessPost },
  'DELETE /business-posts/:id': { summary: 'Delete a business post', response: ZOk },
  'PUT /business-posts/:id/like': { summary: 'Like or unlike a business post', response: ZBusinessPostLike },
  'POST /business-posts/:id/share': { summary: 'Share a business post', response: ZBusinessPostShare },
  'GET /business-pages/:id/reviews': {
    summary: 'A business page’s reviews',
    response: ZBusinessReviewList,
    access: 'public',
  },
  'POST /business-pages/:id/reviews': {
    summary: 'Review a business page',
    response: ZBusinessReview,
    status: 201,
  },
  'DELETE /business-reviews/:id': { summary: 'Delete a review', response: ZOk },
  'POST /business-reviews/:id/helpful': { summary: 'Mark a review helpful', response: ZReviewHelpful },
  'GET /admin/reviews': {
    summary: 'Reviews waiting for moderation',
    response: ZModerationReviewPage,
    access: 'admin',
  },
  'GET /admin/reviews/stats': {
    summary: 'Counts of reviews by moderation state',
    response: ZReviewStats,
    access: 'admin',
  },
  'POST /admin/reviews/moderate': {
    summary: 'Approve or reject reviews',
    response: ZModerateResult,
    access: 'admin',
  },
};
