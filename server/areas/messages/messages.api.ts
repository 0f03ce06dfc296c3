import {
  ZBusinessInquiries,
  ZConversationPage,
  ZMessage,
  ZMessagesMarkedRead,
  ZThreadPage,
  ZUnreadCounts,
} from '@common/messages/responses';
import type { ApiDocs } from '../../platform/openapi';

/** The messages area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const messagesApiDocs: ApiDocs = {
  'GET /messages/conversations': { summary: 'The viewer’s conversations', response: ZConversationPage },
  'GET /messages/unread': { summary: 'Unread message count', response: ZUnreadCounts },
  'GET /messages/inquiries': {
    summary: 'Inquiries about things of the viewer’s (kinds other areas declare)',
    response: ZBusinessInquiries,
  },
  'GET /messages/threads/:partnerId': { summary: 'Messages with one person', response: ZThreadPage },
  'POST /messages/threads/:partnerId/read': {
    summary: 'Mark a conversation read',
    response: ZMessagesMarkedRead,
  },
  'POST /messages': { summary: 'Send a message', response: ZMessage },
  'GET /messages/:id': { summary: 'Read one message', response: ZMessage },
  'POST /messages/:id/read': { summary: 'Mark a message read', response: ZMessagesMarkedRead },
};
