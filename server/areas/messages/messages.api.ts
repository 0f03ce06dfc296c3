import { ZJsonObject } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The messages area's routes as the OpenAPI document describes them (decision 023). */
export const messagesApiDocs: ApiDocs = {
  'GET /messages/conversations': { summary: 'List messages conversations', response: ZJsonObject },
  'GET /messages/unread': { summary: 'List messages unread', response: ZJsonObject },
  'GET /messages/inquiries': { summary: 'List messages inquiries', response: ZJsonObject },
  'GET /messages/threads/:partnerId': { summary: 'Read one of messages threads', response: ZJsonObject },
  'POST /messages/threads/:partnerId/read': { summary: 'Read (messages threads)', response: ZJsonObject },
  'POST /messages': { summary: 'Create messages', response: ZJsonObject },
  'GET /messages/:id': { summary: 'Read one of messages', response: ZJsonObject },
  'POST /messages/:id/read': { summary: 'Read (messages)', response: ZJsonObject },
};
