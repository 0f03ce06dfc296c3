import { ZJsonObject, ZOk } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The investing area's routes as the OpenAPI document describes them (decision 023). */
export const investingApiDocs: ApiDocs = {
  'GET /investing/ideas': { summary: 'List investing ideas', response: ZJsonObject },
  'POST /investing/ideas': { summary: 'Ideas (investing)', response: ZJsonObject, status: 201 },
  'POST /investing/uploads/:kind': {
    summary: 'Create one of investing uploads',
    response: ZJsonObject,
    status: 201,
    body: 'multipart/form-data',
  },
  'GET /investing/ideas/:id': { summary: 'Read one of investing ideas', response: ZJsonObject },
  'PATCH /investing/ideas/:id': { summary: 'Update one of investing ideas', response: ZJsonObject },
  'DELETE /investing/ideas/:id': { summary: 'Delete one of investing ideas', response: ZOk },
  'PUT /investing/ideas/:id/funding': { summary: 'Replace funding (investing ideas)', response: ZJsonObject },
  'PUT /investing/ideas/:id/follow': { summary: 'Replace follow (investing ideas)', response: ZJsonObject },
  'DELETE /investing/ideas/:id/follow': { summary: 'Remove follow (investing ideas)', response: ZJsonObject },
  'GET /investing/ideas/:id/updates': { summary: 'Read investing ideas updates', response: ZJsonObject },
  'POST /investing/ideas/:id/updates': {
    summary: 'Updates (investing ideas)',
    response: ZJsonObject,
    status: 201,
  },
  'GET /investing/ideas/:id/pitch-deck': {
    summary: 'Read investing ideas pitch deck',
    response: null,
    produces: 'application/octet-stream',
  },
  'GET /investing/ideas/:id/pitch-deck/opens': {
    summary: 'Read investing ideas pitch deck opens',
    response: ZJsonObject,
  },
};
