import { ZJsonObject, ZOk } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The articles area's routes as the OpenAPI document describes them (decision 023). */
export const articlesApiDocs: ApiDocs = {
  'GET /articles': { summary: 'List articles', response: ZJsonObject, access: 'public' },
  'POST /articles/images': {
    summary: 'Images (articles)',
    response: ZJsonObject,
    status: 201,
    body: 'multipart/form-data',
  },
  'GET /articles/:id': { summary: 'Read one of articles', response: ZJsonObject },
  'POST /articles': { summary: 'Create articles', response: ZJsonObject, status: 201 },
  'PATCH /articles/:id': { summary: 'Update one of articles', response: ZJsonObject },
  'POST /articles/:id/publish': { summary: 'Publish (articles)', response: ZJsonObject },
  'DELETE /articles/:id': { summary: 'Delete one of articles', response: ZOk },
};
