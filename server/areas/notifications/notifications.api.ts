import { ZJsonObject } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The notifications area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const notificationsApiDocs: ApiDocs = {
  'GET /notifications': { summary: 'The viewer’s notifications', response: ZJsonObject },
  'POST /notifications/read-all': { summary: 'Mark every notification read', response: ZJsonObject },
  'POST /notifications/:id/read': { summary: 'Mark a notification read', response: ZJsonObject },
  'GET /push/key': { summary: 'The Web Push public key', response: ZJsonObject, access: 'public' },
  'POST /push/subscriptions': {
    summary: 'Subscribe this browser to push notifications',
    response: ZJsonObject,
    status: 201,
  },
  'POST /push/subscriptions/check': {
    summary: 'Whether this browser’s subscription is still known',
    response: ZJsonObject,
  },
  'DELETE /push/subscriptions': {
    summary: 'Unsubscribe this browser from push notifications',
    response: ZJsonObject,
  },
};
