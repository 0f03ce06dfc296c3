import { ZJsonObject, ZOk } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The business-pages area's routes as the OpenAPI document describes them (decision 023). */
export const businessPagesApiDocs: ApiDocs = {
  'GET /business-pages': { summary: 'List business pages', response: ZJsonObject, access: 'public' },
  'POST /business-pages': { summary: 'Create business pages', response: ZJsonObject, status: 201 },
  'POST /business-pages/images/:preset': {
    summary: 'Create one of business pages images',
    response: ZJsonObject,
    status: 201,
    body: 'multipart/form-data',
  },
  'GET /business-pages/:id': {
    summary: 'Read one of business pages',
    response: ZJsonObject,
    access: 'public',
  },
  'PATCH /business-pages/:id': { summary: 'Update one of business pages', response: ZJsonObject },
  'PUT /business-pages/:id/cover': { summary: 'Replace cover (business pages)', response: ZJsonObject },
  'DELETE /business-pages/:id': { summary: 'Delete one of business pages', response: ZOk },
  'PUT /business-pages/:id/follow': { summary: 'Replace follow (business pages)', response: ZJsonObject },
  'GET /business-pages/:id/posts': {
    summary: 'List business pages posts',
    response: ZJsonObject,
    access: 'public',
  },
  'POST /business-pages/:id/posts': { summary: 'Posts (business pages)', response: ZJsonObject, status: 201 },
  'PATCH /business-posts/:id': { summary: 'Update one of business posts', response: ZJsonObject },
  'DELETE /business-posts/:id': { summary: 'Delete one of business posts', response: ZOk },
  'PUT /business-posts/:id/like': { summary: 'Replace like (business posts)', response: ZJsonObject },
  'POST /business-posts/:id/share': { summary: 'Share (business posts)', response: ZJsonObject },
  'GET /business-pages/:id/reviews': {
    summary: 'List business pages reviews',
    response: ZJsonObject,
    access: 'public',
  },
  'POST /business-pages/:id/reviews': {
    summary: 'Reviews (business pages)',
    response: ZJsonObject,
    status: 201,
  },
  'DELETE /business-reviews/:id': { summary: 'Delete one of business reviews', response: ZOk },
  'POST /business-reviews/:id/helpful': { summary: 'Helpful (business reviews)', response: ZJsonObject },
};
