import { ZJsonObject, ZOk } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The events area's routes as the OpenAPI document describes them (decision 023). */
export const eventsApiDocs: ApiDocs = {
  'GET /events': { summary: 'List events', response: ZJsonObject, access: 'public' },
  'POST /events/covers': {
    summary: 'Covers (events)',
    response: ZJsonObject,
    status: 201,
    body: 'multipart/form-data',
  },
  'POST /events': { summary: 'Create events', response: ZJsonObject, status: 201 },
  'GET /events/:id': { summary: 'Read one of events', response: ZJsonObject, access: 'public' },
  'PATCH /events/:id': { summary: 'Update one of events', response: ZJsonObject },
  'DELETE /events/:id': { summary: 'Delete one of events', response: ZOk },
  'POST /events/:id/cancel': { summary: 'Cancel (events)', response: ZJsonObject },
  'PUT /events/:id/rsvp': { summary: 'Replace rsvp (events)', response: ZJsonObject },
  'GET /events/:id/guests': { summary: 'List events guests', response: ZJsonObject, access: 'public' },
  'GET /events/:id/invitable': { summary: 'List events invitable', response: ZJsonObject },
  'POST /events/:id/invitations': { summary: 'Invitations (events)', response: ZJsonObject },
  'GET /events/:id/calendar.ics': {
    summary: 'List events calendar.ics',
    response: null,
    access: 'public',
    produces: 'text/calendar',
  },
};
