import { ZJsonObject, ZOk } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The forums area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const forumsApiDocs: ApiDocs = {
  'GET /forums': { summary: 'List forum groups', response: ZJsonObject, access: 'public' },
  'POST /forums/images': {
    summary: 'Upload a forum picture',
    response: ZJsonObject,
    status: 201,
    body: 'multipart/form-data',
  },
  'POST /forums': { summary: 'Create a forum group', response: ZJsonObject, status: 201 },
  'GET /forums/posts/:id': { summary: 'Read one forum post', response: ZJsonObject, access: 'public' },
  'PATCH /forums/posts/:id': { summary: 'Edit a forum post', response: ZJsonObject },
  'POST /forums/posts/:id/views': { summary: 'Count a view of a forum post', response: ZJsonObject },
  'GET /forums/posts/:id/replies': {
    summary: 'A forum post’s replies',
    response: ZJsonObject,
    access: 'public',
  },
  'POST /forums/posts/:id/replies': { summary: 'Reply to a forum post', response: ZJsonObject },
  'GET /forums/:id': { summary: 'Read one forum group', response: ZJsonObject, access: 'public' },
  'GET /forums/:id/posts': { summary: 'A forum group’s posts', response: ZJsonObject, access: 'public' },
  'POST /forums/:id/posts': { summary: 'Post in a forum group', response: ZJsonObject, status: 201 },
  'GET /forums/:id/members': { summary: 'A forum group’s members', response: ZJsonObject, access: 'public' },
  'POST /forums/:id/join': { summary: 'Join a forum group', response: ZJsonObject, status: 201 },
  'POST /forums/:id/leave': { summary: 'Leave a forum group', response: ZJsonObject },
  'POST /forums/:id/members/:childId': { summary: 'Add a member to a forum group', response: ZJsonObject },
  'DELETE /forums/:id/members/:childId': {
    summary: 'Remove a member from a forum group',
    response: ZJsonObject,
  },
  'PUT /forums/posts/:id/content': { summary: 'Edit one’s own forum post', response: ZJsonObject },
  'DELETE /forums/posts/:id': { summary: 'Delete one’s own forum post', response: ZOk },
  'PUT /forums/replies/:id': { summary: 'Edit one’s own reply', response: ZJsonObject },
  'DELETE /forums/replies/:id': { summary: 'Delete one’s own reply', response: ZOk },
};
