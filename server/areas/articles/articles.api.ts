import { ZArticle, ZArticleImage, ZArticlePage, ZArticleWithReactions } from '@common/articles/responses';
import { ZOk } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The articles area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const articlesApiDocs: ApiDocs = {
  'GET /articles': {
    summary: 'List published articles (tabs, category, page)',
    response: ZArticlePage,
    access: 'public',
  },
  'POST /articles/images': {
    summary: 'Upload a featured image for an article',
    response: ZArticleImage,
    status: 201,
    body: 'multipart/form-data',
  },
  'GET /articles/:id': { summary: 'Read one article', response: ZArticleWithReactions },
  'POST /articles': { summary: 'Write an article (draft or published)', response: ZArticle, status: 201 },
  'PATCH /articles/:id': { summary: 'Edit an article', response: ZArticle },
  'POST /articles/:id/publish': { summary: 'Publish a draft', response: ZArticle },
  'DELETE /articles/:id': { summary: 'Delete an article', response: ZOk },
};
