import { ZJsonObject, ZOk } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The articles area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const articlesApiDocs: ApiDocs = {
  'GET /articles': {
    summary: 'List published articles (tabs, category, page)',
    response: ZJsonObject,
    access: 'public',
  },
  'POST /articles/images': {
    summary: 'Upload a featured image for an article',
    response: ZJsonObject,
    status: 201,
    body: 'multipart/form-data',
  },
  'GET /articles/:id': { summary: 'Read one article', response: ZJsonObject },
  'POST /articles': { summary: 'Write an article (draft or published)', response: ZJsonObject, status: 201 },
  'PATCH /articles/:id': { summary: 'Edit an article', response: ZJsonObject },
  'POST /articles/:id/publish': { summary: 'Publish a draft', response: ZJsonObject },
  'DELETE /articles/:id': { summary: 'Delete an article', response: ZOk },
};
