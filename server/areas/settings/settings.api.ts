import { ZJsonObject } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The settings area's routes as the OpenAPI document describes them (decision 023). */
export const settingsApiDocs: ApiDocs = {
  'GET /settings': { summary: 'List settings', response: ZJsonObject },
  'PATCH /settings': { summary: 'Update settings', response: ZJsonObject },
  'POST /account/delete': { summary: 'Delete (account)', response: ZJsonObject },
};
