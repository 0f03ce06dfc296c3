import { z } from 'zod';
import { answers, zPage, ZIsoDate, ZUploadedImage } from '../core/api-schemas';
import { ZPersonSummary } from '../profiles/responses';
import {
  EVENT_TYPES,
  GUEST_STATUSES,
  type EventDetail,
  type EventPage,
  type GuestPage,
  type InviteCandidates,
  type RsvpResult,
} from './model';

/* The events area's answers (server/areas/events/events.api.ts), each tied to its type in model.ts. */

const ZEventSummary = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  startsAt: ZIsoDate,
  endsAt: ZIsoDate.nullable(),
  meetingUrl: z.string().nullable(),
  location: z.string(),
  type: z.enum(EVENT_TYPES),
  coverPhotoUrl: z.string().nullable(),
  maxAttendees: z.number().nullable(),
  goingCount: z.number(),
  maybeCount: z.number(),
  cancelled: z.boolean(),
  organizer: ZPersonSummary,
  myStatus: z.enum(GUEST_STATUSES).nullable(),
  createdAt: ZIsoDate,
});

export const ZEventPage = answers<EventPage>()(zPage(ZEventSummary));

export const ZEventCover = answers<{ url: string }>()(ZUploadedImage);

export const ZEventDetail = answers<EventDetail>()(
  ZEventSummary.extend({
    counts: z.strictObject({
      going: z.number(),
      maybe: z.number(),
      declined: z.number(),
      pending: z.number(),
      waitlisted: z.number(),
    }),
    totalInvited: z.number(),
    isOrganizer: z.boolean(),
    canCancel: z.boolean(),
    waitlistPosition: z.number().nullable(),
  }),
);

export const ZRsvpResult = answers<RsvpResult>()(
  z.strictObject({ status: z.enum(GUEST_STATUSES), event: ZEventDetail }),
);

export const ZGuestPage = answers<GuestPage>()(
  zPage(
    z.strictObject({
      person: ZPersonSummary,
      status: z.enum(GUEST_STATUSES),
      respondedAt: ZIsoDate.nullable(),
    }),
  ),
);

export const ZInviteCandidates = answers<InviteCandidates>()(
  zPage(
    z.strictObject({
      person: ZPersonSummary,
      alreadyInvited: z.boolean(),
      via: z
        .discriminatedUnion('kind', [
          z.strictObject({ kind: z.literal('connection') }),
          z.strictObject({ kind: z.literal('group'), groupName: z.string() }),
        ])
        .optional(),
    }),
  ).extend({
    source: z.enum(['connections', 'members', 'search']),
    groups: z.array(z.strictObject({ id: z.string(), name: z.string(), memberCount: z.number() })),
  }),
);

/** POST /api/events/{id}/invitations (and .../group): how many were newly invited. */
export const ZInvited = answers<{ invited: number }>()(z.strictObject({ invited: z.number() }));
