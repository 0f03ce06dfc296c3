import {
  ZNotificationPage,
  ZNotificationsMarkedRead,
  ZPushKey,
  ZPushSubscribed,
} from '@common/notifications/responses';
import type { ApiDocs } from '../../platform/openapi';

/** The notifications area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const notificationsApiDocs: ApiDocs = {
  'GET /notifications': { summary: 'The viewer’s notifications', response: ZNotificationPage },
  'POST /notifications/read-all': {
    summary: 'Mark every notification read',
    response: ZNotificationsMarkedRead,
  },
  'POST /notifications/:id/read': { summary: 'Mark a notification read', response: ZNotificationsMarkedRead },
  'GET /push/key': { summary: 'The Web Push public key', response: ZPushKey, access: 'public' },
  'POST /push/subscriptions': {
    summary: 'Subscribe this browser to push notifications',
    response: ZPushSubscribed,
    status: 201,
  },
  'POST /push/subscriptions/check': {
    summary: 'Whether this browser’s subscription is still known',
    response: ZPushSubscribed,
  },
  'DELETE /push/subscriptions': {
    summary: 'Unsubscribe this browser from push notifications',
    response: ZPushSubscribed,
  },
};
