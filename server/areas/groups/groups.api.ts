import { ZOk } from '@common/core/api-schemas';
import {
  ZGroup,
  ZGroupImage,
  ZGroupMemberPage,
  ZGroupPage,
  ZGroupPost,
  ZGroupPostPage,
  ZInvitablePeople,
  ZJoinAsked,
  ZJoinRequestPage,
  ZSuggestedGroups,
} from '@common/groups/responses';
import type { ApiDocs } from '../../platform/openapi';

/** The groups area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const groupsApiDocs: ApiDocs = {
  'GET /groups': { summary: 'List groups', response: ZGroupPage, access: 'public' },
  'GET /groups/suggested': { summary: 'Groups the viewer may like', response: ZSuggestedGroups },
  'POST /groups/images': {
    summary: 'Upload a group cover',
    response: ZGroupImage,
    status: 201,
    body: 'multipart/form-data',
  },
  'POST /groups': { summary: 'Create a group', response: ZGroup, status: 201 },
  'GET /groups/:id': { summary: 'Read one group', response: ZGroup },
  'PATCH /groups/:id': { summary: 'Edit a group', response: ZGroup },
  'GET /groups/:id/members': { summary: 'A group’s members', response: ZGroupMemberPage },
  'DELETE /groups/:id/members/:childId': { summary: 'Remove a member from a group', response: ZOk },
  'POST /groups/:id/leave': { summary: 'Leave a group', response: ZOk },
  'GET /groups/:id/posts': { summary: 'A group’s posts', response: ZGroupPostPage },
  'POST /groups/:id/posts': { summary: 'Post in a group', response: ZGroupPost, status: 201 },
  'POST /groups/:id/posts/:childId/share': { summary: 'Share a group post', response: ZOk, status: 201 },
  'GET /groups/:id/join-requests': {
    summary: 'Requests to join a private group',
    response: ZJoinRequestPage,
  },
  'POST /groups/:id/join-requests': { summary: 'Join a group, or ask to', response: ZJoinAsked, status: 201 },
  'POST /groups/:id/join-requests/:childId': { summary: 'Approve or decline a join request', response: ZOk },
  'POST /groups/:id/invitations': {
    summary: 'Invite a person to a group, by email or as found by name',
    response: ZOk,
    status: 201,
  },
  'GET /groups/:id/invitable': {
    summary: 'People a group admin may invite, found by name',
    response: ZInvitablePeople,
  },
  'POST /groups/:id/invitations/:childId': { summary: 'Accept or decline a group invitation', response: ZOk },
  'PATCH /groups/:id/members/:childId': {
    summary: 'Name a member admin, or make an admin a member again (group admins; never the owner)',
    response: ZOk,
  },
  'DELETE /groups/:id/posts/:childId': {
    summary: 'Delete a post (its author or a group admin)',
    response: ZOk,
  },
};
