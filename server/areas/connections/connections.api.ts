import { ZJsonObject, ZOk } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The connections area's routes as the OpenAPI document describes them (decision 023). */
export const connectionsApiDocs: ApiDocs = {
  'GET /connections/requests': { summary: 'List connections requests', response: ZJsonObject },
  'GET /connections/blocked': { summary: 'List connections blocked', response: ZJsonObject },
  'GET /people/suggestions': { summary: 'List people suggestions', response: ZJsonObject },
  'POST /people/suggestions/:userId/dismiss': { summary: 'Dismiss (people suggestions)', response: ZOk },
  'GET /people/recipients': { summary: 'List people recipients', response: ZJsonObject },
  'GET /connections/:userId': { summary: 'Read one of connections', response: ZJsonObject },
  'POST /connections/:userId/follow': { summary: 'Follow (connections)', response: ZJsonObject },
  'DELETE /connections/:userId/follow': { summary: 'Remove follow (connections)', response: ZJsonObject },
  'POST /connections/:userId/request': { summary: 'Request (connections)', response: ZJsonObject },
  'POST /connections/:userId/accept': { summary: 'Accept (connections)', response: ZJsonObject },
  'POST /connections/:userId/reject': { summary: 'Reject (connections)', response: ZJsonObject },
  'DELETE /connections/:userId/friend': { summary: 'Remove friend (connections)', response: ZJsonObject },
  'POST /connections/:userId/block': { summary: 'Block (connections)', response: ZJsonObject },
  'DELETE /connections/:userId/block': { summary: 'Remove block (connections)', response: ZJsonObject },
  'GET /profiles/:userId/connections': { summary: 'List profiles connections', response: ZJsonObject },
  'GET /profiles/:userId/mutual-friends': { summary: 'List profiles mutual friends', response: ZJsonObject },
};
