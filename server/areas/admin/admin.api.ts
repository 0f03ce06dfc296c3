import {
  ZAdminArticlePage,
  ZAdminStats,
  ZAdminUserPage,
  ZAdminUserResult,
  ZAuditPage,
  ZDeleted,
  ZPasswordUpdated,
  ZReport,
  ZReportCreated,
  ZReportPage,
} from '@common/admin/responses';
import type { ApiDocs } from '../../platform/openapi';

/** The admin area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const adminApiDocs: ApiDocs = {
  'GET /admin/stats': { summary: 'Dashboard figures (super admins)', response: ZAdminStats, access: 'admin' },
  'GET /admin/users': { summary: 'List and search accounts', response: ZAdminUserPage, access: 'admin' },
  'POST /admin/users/:id/ban': { summary: 'Ban an account', response: ZAdminUserResult, access: 'admin' },
  'POST /admin/users/:id/unban': { summary: 'Lift a ban', response: ZAdminUserResult, access: 'admin' },
  'POST /admin/users/:id/delete': { summary: 'Delete an account', response: ZDeleted, access: 'admin' },
  'POST /admin/users/:id/password': {
    summary: 'Set a new password for an account',
    response: ZPasswordUpdated,
    access: 'admin',
  },
  'POST /admin/users/:id/super-admin': {
    summary: 'Grant or remove super admin',
    response: ZAdminUserResult,
    access: 'admin',
  },
  'GET /admin/articles': {
    summary: 'List articles for moderation',
    response: ZAdminArticlePage,
    access: 'admin',
  },
  'DELETE /admin/articles/:id': {
    summary: 'Remove an article',
    response: ZDeleted,
    access: 'admin',
  },
  'GET /admin/audit': { summary: 'The audit log of admin actions', response: ZAuditPage, access: 'admin' },
  'POST /reports': {
    summary: 'Report content or a person',
    response: ZReportCreated,
    status: 201,
    access: 'admin',
  },
  'POST /admin/users/:id/two-factor/remove': {
    summary: 'Remove two-step sign-in from an account that lost its device (audit-logged)',
    response: ZAdminUserResult,
    access: 'admin',
  },
  'GET /admin/reports': { summary: 'Open reports', response: ZReportPage, access: 'admin' },
  'POST /admin/reports/:id/resolve': {
    summary: 'Resolve a report',
    response: ZReport,
    access: 'admin',
  },
};
