import { ZJsonObject } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The admin area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const adminApiDocs: ApiDocs = {
  'GET /admin/stats': { summary: 'Dashboard figures (super admins)', response: ZJsonObject, access: 'admin' },
  'GET /admin/users': { summary: 'List and search accounts', response: ZJsonObject, access: 'admin' },
  'POST /admin/users/:id/ban': { summary: 'Ban an account', response: ZJsonObject, access: 'admin' },
  'POST /admin/users/:id/unban': { summary: 'Lift a ban', response: ZJsonObject, access: 'admin' },
  'POST /admin/users/:id/delete': { summary: 'Delete an account', response: ZJsonObject, access: 'admin' },
  'POST /admin/users/:id/password': {
    summary: 'Set a new password for an account',
    response: ZJsonObject,
    access: 'admin',
  },
  'POST /admin/users/:id/super-admin': {
    summary: 'Grant or remove super admin',
    response: ZJsonObject,
    access: 'admin',
  },
  'GET /admin/articles': { summary: 'List articles for moderation', response: ZJsonObject, access: 'admin' },
  'DELETE /admin/articles/:id': {
    summary: 'Remove an article',
    response: ZJsonObject,
    access: 'admin',
  },
  'GET /admin/audit': { summary: 'The audit log of admin actions', response: ZJsonObject, access: 'admin' },
  'POST /reports': {
    summary: 'Report content or a person',
    response: ZJsonObject,
    status: 201,
    access: 'admin',
  },
  'POST /admin/users/:id/two-factor/remove': {
    summary: 'Remove two-step sign-in from an account that lost its device (audit-logged)',
    response: ZJsonObject,
    access: 'admin',
  },
  'GET /admin/reports': { summary: 'Open reports', response: ZJsonObject, access: 'admin' },
  'POST /admin/reports/:id/resolve': {
    summary: 'Resolve a report',
    response: ZJsonObject,
    access: 'admin',
  },
};
