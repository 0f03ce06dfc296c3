import { ZOk } from '@common/core/api-schemas';
import {
  ZForumGroup,
  ZForumGroupPage,
  ZForumImage,
  ZForumMemberPage,
  ZForumPost,
  ZForumPostWithReplies,
  ZForumPostPage,
  ZForumReply,
  ZForumReplyPage,
  ZForumViews,
} from '@common/forums/responses';
import type { ApiDocs } from '../../platform/openapi';

/** The forums area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const forumsApiDocs: ApiDocs = {
  'GET /forums': { summary: 'List forum groups', response: ZForumGroupPage, access: 'public' },
  'POST /forums/images': {
    summary: 'Upload a forum picture',
    response: ZForumImage,
    status: 201,
    body: 'multipart/form-data',
  },
  'POST /forums': { summary: 'Create a forum group', response: ZForumGroup, status: 201 },
  'GET /forums/posts/:id': {
    summary: 'Read one forum post, with the first page of its replies',
    response: ZForumPostWithReplies,
    access: 'public',
  },
  'PATCH /forums/posts/:id': { summary: 'Edit a forum post', response: ZForumPost },
  'POST /forums/posts/:id/views': { summary: 'Count a view of a forum post', response: ZForumViews },
  'GET /forums/posts/:id/replies': {
    summary: 'A forum post’s replies',
    response: ZForumReplyPage,
    access: 'public',
  },
  'POST /forums/posts/:id/replies': { summary: 'Reply to a forum post', response: ZForumReply },
  'GET /forums/:id': { summary: 'Read one forum group', response: ZForumGroup, access: 'public' },
  'GET /forums/:id/posts': { summary: 'A forum group’s posts', response: ZForumPostPage, access: 'public' },
  'POST /forums/:id/posts': { summary: 'Post in a forum group', response: ZForumPost, status: 201 },
  'GET /forums/:id/members': {
    summary: 'A forum group’s members',
    response: ZForumMemberPage,
    access: 'public',
  },
  'POST /forums/:id/join': { summary: 'Join a forum group', response: ZOk, status: 201 },
  'POST /forums/:id/leave': { summary: 'Leave a forum group', response: ZOk },
  'POST /forums/:id/members/:childId': { summary: 'Add a member to a forum group', response: ZOk },
  'DELETE /forums/:id/members/:childId': {
    summary: 'Remove a member from a forum group',
    response: ZOk,
  },
  'PUT /forums/posts/:id/content': { summary: 'Edit one’s own forum post', response: ZForumPost },
  'DELETE /forums/posts/:id': { summary: 'Delete one’s own forum post', response: ZOk },
  'PUT /forums/replies/:id': { summary: 'Edit one’s own reply', response: ZOk },
  'DELETE /forums/replies/:id': { summary: 'Delete one’s own reply', response: ZOk },
};
