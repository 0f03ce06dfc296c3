import { ZJsonObject } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The auth area's routes as the OpenAPI document describes them (decision 023). */
export const authApiDocs: ApiDocs = {
  'GET /auth/*': {
    summary: 'List auth',
    response: null,
    access: 'public',
    produces: 'application/octet-stream',
    excluded:
      "better-auth's own endpoints (sign-in, sign-up, sign-out, sessions, password change and reset), passed through unchanged; their requests and answers are better-auth's, not ours to describe",
  },
  'POST /auth/*': {
    summary: 'Create auth',
    response: null,
    access: 'public',
    produces: 'application/octet-stream',
    excluded:
      "better-auth's own endpoints (sign-in, sign-up, sign-out, sessions, password change and reset), passed through unchanged; their requests and answers are better-auth's, not ours to describe",
  },
  'POST /signup/correct-email': {
    summary: 'Correct email (signup)',
    response: ZJsonObject,
    access: 'public',
  },
  'GET /me': { summary: 'List me', response: null, access: 'public', produces: 'application/octet-stream' },
};
