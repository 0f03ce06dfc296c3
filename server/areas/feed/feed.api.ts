import { ZJsonObject } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The feed area's routes as the OpenAPI document describes them (decision 023). */
export const feedApiDocs: ApiDocs = {
  'GET /feed': {
    summary: 'List feed',
    response: null,
    access: 'public',
    produces: 'application/octet-stream',
  },
  'GET /feed/new': { summary: 'List feed new', response: ZJsonObject },
};
