import { ZJsonObject } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The admin area's routes as the OpenAPI document describes them (decision 023). */
export const adminApiDocs: ApiDocs = {
  'GET /admin/stats': { summary: 'List admin stats', response: ZJsonObject, access: 'admin' },
  'GET /admin/users': { summary: 'List admin users', response: ZJsonObject, access: 'admin' },
  'POST /admin/users/:id/ban': { summary: 'Ban (admin users)', response: ZJsonObject, access: 'admin' },
  'POST /admin/users/:id/unban': { summary: 'Unban (admin users)', response: ZJsonObject, access: 'admin' },
  'POST /admin/users/:id/delete': { summary: 'Delete (admin users)', response: ZJsonObject, access: 'admin' },
  'POST /admin/users/:id/password': {
    summary: 'Password (admin users)',
    response: ZJsonObject,
    access: 'admin',
  },
  'POST /admin/users/:id/super-admin': {
    summary: 'Super admin (admin users)',
    response: ZJsonObject,
    access: 'admin',
  },
  'GET /admin/articles': { summary: 'List admin articles', response: ZJsonObject, access: 'admin' },
  'DELETE /admin/articles/:id': {
    summary: 'Delete one of admin articles',
    response: ZJsonObject,
    access: 'admin',
  },
  'GET /admin/audit': { summary: 'List admin audit', response: ZJsonObject, access: 'admin' },
  'POST /reports': { summary: 'Create reports', response: ZJsonObject, status: 201, access: 'admin' },
  'GET /admin/reviews': { summary: 'List admin reviews', response: ZJsonObject, access: 'admin' },
  'GET /admin/reviews/stats': { summary: 'Read admin reviews stats', response: ZJsonObject, access: 'admin' },
  'POST /admin/reviews/moderate': {
    summary: 'Moderate (admin reviews)',
    response: ZJsonObject,
    access: 'admin',
  },
  'GET /admin/reports': { summary: 'List admin reports', response: ZJsonObject, access: 'admin' },
  'POST /admin/reports/:id/resolve': {
    summary: 'Resolve (admin reports)',
    response: ZJsonObject,
    access: 'admin',
  },
};
