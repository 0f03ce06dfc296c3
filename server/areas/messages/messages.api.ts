import { ZJsonObject } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The messages area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const messagesApiDocs: ApiDocs = {
  'GET /messages/conversations': { summary: 'The viewer’s conversations', response: ZJsonObject },
  'GET /messages/unread': { summary: 'Unread message count', response: ZJsonObject },
  'GET /messages/inquiries': {
    summary: 'Inquiries about things of the viewer’s (kinds other areas declare)',
    response: ZJsonObject,
  },
  'GET /messages/threads/:partnerId': { summary: 'Messages with one person', response: ZJsonObject },
  'POST /messages/threads/:partnerId/read': { summary: 'Mark a conversation read', response: ZJsonObject },
  'POST /messages': { summary: 'Send a message', response: ZJsonObject },
  'GET /messages/:id': { summary: 'Read one message', response: ZJsonObject },
  'POST /messages/:id/read': { summary: 'Mark a message read', response: ZJsonObject },
};
