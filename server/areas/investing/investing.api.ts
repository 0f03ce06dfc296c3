import { ZJsonObject, ZOk } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The investing area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const investingApiDocs: ApiDocs = {
  'GET /investing/ideas': { summary: 'List business ideas', response: ZJsonObject },
  'POST /investing/ideas': { summary: 'Publish a business idea', response: ZJsonObject, status: 201 },
  'POST /investing/uploads/:kind': {
    summary: 'Upload an idea’s picture, video or pitch deck',
    response: ZJsonObject,
    status: 201,
    body: 'multipart/form-data',
  },
  'GET /investing/ideas/:id': { summary: 'Read one business idea', response: ZJsonObject },
  'PATCH /investing/ideas/:id': { summary: 'Edit a business idea', response: ZJsonObject },
  'DELETE /investing/ideas/:id': { summary: 'Delete a business idea', response: ZOk },
  'PUT /investing/ideas/:id/funding': { summary: 'Record funding received', response: ZJsonObject },
  'PUT /investing/ideas/:id/follow': { summary: 'Follow a business idea', response: ZJsonObject },
  'DELETE /investing/ideas/:id/follow': { summary: 'Unfollow a business idea', response: ZJsonObject },
  'GET /investing/ideas/:id/updates': { summary: 'A business idea’s updates', response: ZJsonObject },
  'POST /investing/ideas/:id/updates': {
    summary: 'Post an update on a business idea',
    response: ZJsonObject,
    status: 201,
  },
  'GET /investing/ideas/:id/pitch-deck': {
    summary: 'Open an idea’s pitch deck (PDF, ranges)',
    response: null,
    produces: 'application/octet-stream',
  },
  'GET /investing/ideas/:id/pitch-deck/opens': {
    summary: 'Who opened an idea’s pitch deck',
    response: ZJsonObject,
  },
};
