import { ZJsonObject } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The forums area's routes as the OpenAPI document describes them (decision 023). */
export const forumsApiDocs: ApiDocs = {
  'GET /forums': { summary: 'List forums', response: ZJsonObject, access: 'public' },
  'POST /forums/images': {
    summary: 'Images (forums)',
    response: ZJsonObject,
    status: 201,
    body: 'multipart/form-data',
  },
  'POST /forums': { summary: 'Create forums', response: ZJsonObject, status: 201 },
  'GET /forums/posts/:id': { summary: 'Read one of forums posts', response: ZJsonObject, access: 'public' },
  'PATCH /forums/posts/:id': { summary: 'Update one of forums posts', response: ZJsonObject },
  'POST /forums/posts/:id/views': { summary: 'Views (forums posts)', response: ZJsonObject },
  'GET /forums/posts/:id/replies': {
    summary: 'Read forums posts replies',
    response: ZJsonObject,
    access: 'public',
  },
  'POST /forums/posts/:id/replies': { summary: 'Replies (forums posts)', response: ZJsonObject },
  'GET /forums/:id': { summary: 'Read one of forums', response: ZJsonObject, access: 'public' },
  'GET /forums/:id/posts': { summary: 'List forums posts', response: ZJsonObject, access: 'public' },
  'POST /forums/:id/posts': { summary: 'Posts (forums)', response: ZJsonObject, status: 201 },
  'GET /forums/:id/members': { summary: 'List forums members', response: ZJsonObject, access: 'public' },
  'POST /forums/:id/join': { summary: 'Join (forums)', response: ZJsonObject, status: 201 },
  'POST /forums/:id/leave': { summary: 'Leave (forums)', response: ZJsonObject },
  'POST /forums/:id/members/:childId': { summary: 'Create one of forums members', response: ZJsonObject },
  'DELETE /forums/:id/members/:childId': { summary: 'Delete one of forums members', response: ZJsonObject },
};
