import {
  ZAccessTokens,
  ZAccountDeleted,
  ZAccountSessions,
  ZCreatedToken,
  ZSessionEnded,
  ZSessionsEnded,
  ZTokenRevoked,
  ZUserSettings,
} from '@common/settings/responses';
import { ZDataExportState } from '@common/settings/data-export';
import type { ApiDocs } from '../../platform/openapi';

/** The settings area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const settingsApiDocs: ApiDocs = {
  'GET /settings': { summary: "The member's settings switches", response: ZUserSettings },
  'PATCH /settings': { summary: 'Change settings switches', response: ZUserSettings },
  'GET /settings/data-export': {
    summary: "The member's data export (Download your data) and its progress",
    response: ZDataExportState,
  },
  'POST /settings/data-export': {
    summary: 'Start preparing a ZIP of the member’s data (one at a time; replaces the last one)',
    response: ZDataExportState,
    status: 202,
  },
  'GET /settings/data-export/:id/download': {
    summary: 'Download the ZIP of the member’s data (their own, for 7 days)',
    response: null,
    produces: 'application/zip',
  },
  'POST /account/delete': { summary: 'Delete the account (needs the password)', response: ZAccountDeleted },
  'GET /account/sessions': { summary: 'Where the member is signed in', response: ZAccountSessions },
  'POST /account/sessions/:id/end': { summary: 'End one of the member’s sessions', response: ZSessionEnded },
  'POST /account/sessions/end-others': {
    summary: 'End every session of the member but this one',
    response: ZSessionsEnded,
  },
  'GET /account/tokens': {
    summary: 'The member’s personal access tokens (never their secret)',
    response: ZAccessTokens,
  },
  'POST /account/tokens': {
    summary: 'Create a personal access token (its secret is shown once)',
    response: ZCreatedToken,
    status: 201,
  },
  'DELETE /account/tokens/:id': { summary: 'Revoke a personal access token', response: ZTokenRevoked },
};
