import { ZJsonObject, ZOk } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The business-pages area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const businessPagesApiDocs: ApiDocs = {
  'GET /business-pages': { summary: 'List business pages', response: ZJsonObject, access: 'public' },
  'POST /business-pages': { summary: 'Create a business page', response: ZJsonObject, status: 201 },
  'POST /business-pages/images/:preset': {
    summary: 'Upload a business page picture (logo or cover)',
    response: ZJsonObject,
    status: 201,
    body: 'multipart/form-data',
  },
  'GET /business-pages/:id': {
    summary: 'Read one business page',
    response: ZJsonObject,
    access: 'public',
  },
  'PATCH /business-pages/:id': { summary: 'Edit a business page', response: ZJsonObject },
  'PUT /business-pages/:id/cover': { summary: 'Set a business page cover', response: ZJsonObject },
  'DELETE /business-pages/:id': { summary: 'Delete a business page', response: ZOk },
  'PUT /business-pages/:id/follow': { summary: 'Follow or unfollow a business page', response: ZJsonObject },
  'GET /business-pages/:id/posts': {
    summary: 'A business page’s posts',
    response: ZJsonObject,
    access: 'public',
  },
  'POST /business-pages/:id/posts': {
    summary: 'Post as a business page',
    response: ZJsonObject,
    status: 201,
  },
  'PATCH /business-posts/:id': { summary: 'Edit a business post', response: ZJsonObject },
  'DELETE /business-posts/:id': { summary: 'Delete a business post', response: ZOk },
  'PUT /business-posts/:id/like': { summary: 'Like or unlike a business post', response: ZJsonObject },
  'POST /business-posts/:id/share': { summary: 'Share a business post', response: ZJsonObject },
  'GET /business-pages/:id/reviews': {
    summary: 'A business page’s reviews',
    response: ZJsonObject,
    access: 'public',
  },
  'POST /business-pages/:id/reviews': {
    summary: 'Review a business page',
    response: ZJsonObject,
    status: 201,
  },
  'DELETE /business-reviews/:id': { summary: 'Delete a review', response: ZOk },
  'POST /business-reviews/:id/helpful': { summary: 'Mark a review helpful', response: ZJsonObject },
  'GET /admin/reviews': { summary: 'Reviews waiting for moderation', response: ZJsonObject, access: 'admin' },
  'GET /admin/reviews/stats': {
    summary: 'Counts of reviews by moderation state',
    response: ZJsonObject,
    access: 'admin',
  },
  'POST /admin/reviews/moderate': {
    summary: 'Approve or reject reviews',
    response: ZJsonObject,
    access: 'admin',
  },
};
