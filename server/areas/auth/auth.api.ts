import { ZCorrectedEmail, ZMeResponse, ZUsernameCheckAnswer } from '@common/auth/responses';
import type { ApiDocs } from '../../platform/openapi';

/** The auth area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const authApiDocs: ApiDocs = {
  'GET /auth/*': {
    summary: 'better-auth endpoints (not described)',
    response: null,
    access: 'public',
    produces: 'application/octet-stream',
    excluded:
      "better-auth's own endpoints (sign-in, sign-up, sign-out, sessions, password change and reset), passed through unchanged; their requests and answers are better-auth's, not ours to describe",
  },
  'POST /auth/*': {
    summary: 'better-auth endpoints (not described)',
    response: null,
    access: 'public',
    produces: 'application/octet-stream',
    excluded:
      "better-auth's own endpoints (sign-in, sign-up, sign-out, sessions, password change and reset), passed through unchanged; their requests and answers are better-auth's, not ours to describe",
  },
  'POST /signup/correct-email': {
    summary: 'Correct the address of an unconfirmed sign-up',
    response: ZCorrectedEmail,
    access: 'public',
  },
  'GET /signup/username': {
    summary: 'Whether a username may be signed up with (its rule, or taken); rate limited per address',
    response: ZUsernameCheckAnswer,
    access: 'public',
  },
  'GET /me': {
    summary: 'Who is signed in (viewer null for visitors)',
    response: ZMeResponse,
    access: 'public',
  },
};
