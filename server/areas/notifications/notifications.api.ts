import { ZJsonObject } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The notifications area's routes as the OpenAPI document describes them (decision 023). */
export const notificationsApiDocs: ApiDocs = {
  'GET /notifications': { summary: 'List notifications', response: ZJsonObject },
  'POST /notifications/read-all': { summary: 'Read all (notifications)', response: ZJsonObject },
  'POST /notifications/:id/read': { summary: 'Read (notifications)', response: ZJsonObject },
  'GET /push/key': { summary: 'List push key', response: ZJsonObject, access: 'public' },
  'POST /push/subscriptions': { summary: 'Subscriptions (push)', response: ZJsonObject, status: 201 },
  'POST /push/subscriptions/check': { summary: 'Check (push subscriptions)', response: ZJsonObject },
  'DELETE /push/subscriptions': { summary: 'Remove subscriptions (push)', response: ZJsonObject },
};
