import { ZDigestAdminView, ZDigestPreference } from '@common/digests/schemas';
import { z } from 'zod';
import type { ApiDocs } from '../../platform/openapi';

/** The digests area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const digestsApiDocs: ApiDocs = {
  'GET /settings/digest': {
    summary: 'How often the member gets the digest email (daily, weekly or off)',
    response: ZDigestPreference,
  },
  'PUT /settings/digest': {
    summary: 'Choose how often to get the digest email',
    response: ZDigestPreference,
  },
  'POST /digests/unsubscribe': {
    summary: 'Unsubscribe from the digest by the signed token of its mail (RFC 8058 one-click; no sign-in)',
    response: z.object({ unsubscribed: z.literal(true) }),
    access: 'public',
  },
  'GET /digests/unsubscribe': {
    summary: 'Sends a browser to the unsubscribe confirm page (never unsubscribes by itself)',
    response: null,
    status: 303,
    produces: 'text/plain',
    access: 'public',
  },
  'GET /admin/digests': {
    summary: 'The digest job’s latest runs and the last 30 days by outcome',
    response: ZDigestAdminView,
    access: 'admin',
  },
};
