import { ZMutualFriends, ZPeoplePage, ZProfile, ZProfileView } from '@common/profiles/responses';
import type { ApiDocs } from '../../platform/openapi';

/** The profiles area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const profilesApiDocs: ApiDocs = {
  'GET /profiles/me': { summary: 'The viewer’s own profile', response: ZProfileView },
  'PATCH /profiles/me': { summary: 'Edit the viewer’s profile', response: ZProfile },
  'GET /profiles/:userId': { summary: 'Read a person’s profile', response: ZProfileView },
  'POST /profiles/me/avatar': {
    summary: 'Upload an avatar',
    response: ZProfile,
    body: 'multipart/form-data',
  },
  'DELETE /profiles/me/avatar': { summary: 'Remove the avatar', response: ZProfile },
  'POST /profiles/me/cover': {
    summary: 'Upload a cover photo',
    response: ZProfile,
    body: 'multipart/form-data',
  },
  'DELETE /profiles/me/cover': { summary: 'Remove the cover photo', response: ZProfile },
  'GET /profiles/:userId/connections': {
    summary: 'A person’s friends, followers and following',
    response: ZPeoplePage,
  },
  'GET /profiles/:userId/mutual-friends': {
    summary: 'Friends in common with a person',
    response: ZMutualFriends,
  },
};
