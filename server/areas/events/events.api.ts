import { ZOk } from '@common/core/api-schemas';
import {
  ZEventCover,
  ZEventDetail,
  ZEventPage,
  ZGuestPage,
  ZInviteCandidates,
  ZInvited,
  ZRsvpResult,
} from '@common/events/responses';
import type { ApiDocs } from '../../platform/openapi';

/** The events area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const eventsApiDocs: ApiDocs = {
  'GET /events': { summary: 'List events', response: ZEventPage, access: 'public' },
  'POST /events/covers': {
    summary: 'Upload an event cover photo',
    response: ZEventCover,
    status: 201,
    body: 'multipart/form-data',
  },
  'POST /events': { summary: 'Create an event', response: ZEventDetail, status: 201 },
  'GET /events/:id': { summary: 'Read one event', response: ZEventDetail, access: 'public' },
  'PATCH /events/:id': { summary: 'Edit an event', response: ZEventDetail },
  'DELETE /events/:id': { summary: 'Delete an event', response: ZOk },
  'POST /events/:id/cancel': { summary: 'Cancel an event', response: ZEventDetail },
  'PUT /events/:id/rsvp': { summary: 'Answer going, maybe or not going', response: ZRsvpResult },
  'GET /events/:id/guests': { summary: 'An event’s guests', response: ZGuestPage, access: 'public' },
  'GET /events/:id/invitable': {
    summary: 'People who may be invited to an event (connections, group members), or found by name',
    response: ZInviteCandidates,
  },
  'POST /events/:id/invitations': { summary: 'Invite people to an event', response: ZInvited },
  'POST /events/:id/invitations/group': {
    summary: 'Invite the members of one of the organizer’s groups to an event',
    response: ZInvited,
  },
  'GET /events/:id/calendar.ics': {
    summary: 'An event as an iCalendar file',
    response: null,
    access: 'public',
    produces: 'text/calendar',
  },
};
