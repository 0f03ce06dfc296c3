import { ZJsonObject } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The profiles area's routes as the OpenAPI document describes them (decision 023). */
export const profilesApiDocs: ApiDocs = {
  'GET /profiles/me': { summary: 'List profiles me', response: ZJsonObject },
  'PATCH /profiles/me': { summary: 'Update me (profiles)', response: ZJsonObject },
  'GET /profiles/:userId': { summary: 'Read one of profiles', response: ZJsonObject },
  'POST /profiles/me/avatar': {
    summary: 'Avatar (profiles me)',
    response: ZJsonObject,
    body: 'multipart/form-data',
  },
  'DELETE /profiles/me/avatar': { summary: 'Remove avatar (profiles me)', response: ZJsonObject },
  'POST /profiles/me/cover': {
    summary: 'Cover (profiles me)',
    response: ZJsonObject,
    body: 'multipart/form-data',
  },
  'DELETE /profiles/me/cover': { summary: 'Remove cover (profiles me)', response: ZJsonObject },
};
