import { ZJsonObject } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The profiles area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const profilesApiDocs: ApiDocs = {
  'GET /profiles/me': { summary: 'The viewer’s own profile', response: ZJsonObject },
  'PATCH /profiles/me': { summary: 'Edit the viewer’s profile', response: ZJsonObject },
  'GET /profiles/:userId': { summary: 'Read a person’s profile', response: ZJsonObject },
  'POST /profiles/me/avatar': {
    summary: 'Upload an avatar',
    response: ZJsonObject,
    body: 'multipart/form-data',
  },
  'DELETE /profiles/me/avatar': { summary: 'Remove the avatar', response: ZJsonObject },
  'POST /profiles/me/cover': {
    summary: 'Upload a cover photo',
    response: ZJsonObject,
    body: 'multipart/form-data',
  },
  'DELETE /profiles/me/cover': { summary: 'Remove the cover photo', response: ZJsonObject },
  'GET /profiles/:userId/connections': {
    summary: 'A person’s friends, followers and following',
    response: ZJsonObject,
  },
  'GET /profiles/:userId/mutual-friends': {
    summary: 'Friends in common with a person',
    response: ZJsonObject,
  },
};
