import { ZJsonObject, ZOk } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The groups area's routes as the OpenAPI document describes them (decision 023). */
export const groupsApiDocs: ApiDocs = {
  'GET /groups': { summary: 'List groups', response: ZJsonObject, access: 'public' },
  'GET /groups/suggested': { summary: 'List groups suggested', response: ZJsonObject },
  'POST /groups/images': {
    summary: 'Images (groups)',
    response: ZJsonObject,
    status: 201,
    body: 'multipart/form-data',
  },
  'POST /groups': { summary: 'Create groups', response: ZJsonObject, status: 201 },
  'GET /groups/:id': { summary: 'Read one of groups', response: ZJsonObject },
  'PATCH /groups/:id': { summary: 'Update one of groups', response: ZJsonObject },
  'GET /groups/:id/members': { summary: 'List groups members', response: ZJsonObject },
  'DELETE /groups/:id/members/:childId': { summary: 'Delete one of groups members', response: ZOk },
  'POST /groups/:id/leave': { summary: 'Leave (groups)', response: ZOk },
  'GET /groups/:id/posts': { summary: 'List groups posts', response: ZJsonObject },
  'POST /groups/:id/posts': { summary: 'Posts (groups)', response: ZJsonObject, status: 201 },
  'POST /groups/:id/posts/:childId/share': { summary: 'Share (groups posts)', response: ZOk, status: 201 },
  'GET /groups/:id/join-requests': { summary: 'List groups join requests', response: ZJsonObject },
  'POST /groups/:id/join-requests': { summary: 'Join requests (groups)', response: ZOk, status: 201 },
  'POST /groups/:id/join-requests/:childId': { summary: 'Create one of groups join requests', response: ZOk },
  'POST /groups/:id/invitations': { summary: 'Invitations (groups)', response: ZOk, status: 201 },
  'POST /groups/:id/invitations/:childId': { summary: 'Create one of groups invitations', response: ZOk },
};
