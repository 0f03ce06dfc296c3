import type { PersonSummary } from '../profiles/model';

/**
 * Events (with the profile's event tabs and invitations;
 * docs/product-rules.md: every feature is a real write, one reading). Shared by the server and the web app.
 * No zod here (see schemas.ts), so list pages stay small.
 *
 * One shape for answers (docs/product-rules.md: one reading): an event_invitations row per event and person,
 * status pending (invited, no answer), accepted (Going), maybe, declined (Can't Go), and, going further
 * than the documents, waitlisted: the person said Going when every seat was taken; the first in
 * line moves up when a seat frees.
 */

export const EVENT_TYPES = ['in_person', 'online'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What a person answers on the RSVP panel. */
export const RSVP_ANSWERS = ['accepted', 'maybe', 'declined'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

export const GUEST_STATUSES = ['accepted', 'maybe', 'declined', 'pending', 'waitlisted'] as const;
export type GuestStatus = (typeof GUEST_STATUSES)[number];

/** The list's sections and the profile's tabs. `invited` is the viewer's own. */
export const EVENT_LISTS = ['upcoming', 'past', 'created', 'attending', 'invited'] as const;
export type EventList = (typeof EVENT_LISTS)[number];

export const EVENTS = {
  titleMax: 150,
  descriptionMax: 5000,
  locationMax: 300,
  /** A sane ceiling for "maximum attendees". */
  maxAttendeesMax: 100_000,
  pageSize: 12,
  pageMax: 50,
  guestPageSize: 20,
  /** The events list shows 6 skeleton cards while it loads. */
  skeletons: 6,
  /** The fallback invite list when the organizer has no connections. */
  inviteFallback: 20,
  /** People invited in one go. */
  inviteBatchMax: 50,
  /** Invitation batches (of at most inviteBatchMax people) a person may send per hour. */
  inviteBatchesPerHour: 20,
  /**
   * People who are not the organizer's friends (the fallback list, for organizers without any) one
   * person may invite per hour: each invitation notifies a stranger.
   */
  strangerInvitesPerHour: 20,
  /** Events a person may create per hour. */
  createsPerHour: 20,
  /** People found by name in the invite dialog, at most. */
  inviteSearchMax: 20,
  /** The name typed into the invite dialog's search, at most. */
  inviteQueryMax: 100,
  /** The organizer's groups offered in the invite dialog, at most. */
  inviteGroupsMax: 20,
  /** People one 'invite the group' invites at most (the longest-standing members first). */
  groupInviteMax: 200,
  meetingUrlMax: 500,
} as const;

/** The product's texts for events, word for word, and ours. */
export const EVENT_MSG = {
  /** Ours: the hourly bound on inviting people who are not the organizer's friends. */
  strangerInvitesLimited: `You can invite at most ${EVENTS.strangerInvitesPerHour} people who are not your friends per hour. Try again later.`,
  heading: 'Events',
  createEvent: 'Create Event',
  empty: 'No events yet',
  emptyHint: 'Be the first to create an event!',
  upcoming: 'Upcoming',
  past: 'Past events',
  viewDetails: 'View Details',
  attending: (n: number) => `${n} attending`,
  online: 'Online Event',
  inPerson: 'In-Person Event',
  organizer: 'Organizer',
  signInToJoin: 'Sign In to Join',
  about: 'About this event',
  guestList: 'Guest List',
  going: 'Going',
  maybe: 'Maybe',
  cantGo: "Can't Go",
  pending: 'Pending',
  waitlist: 'Waitlist',
  totalInvited: 'Total Invited',
  confirmed: 'Confirmed',
  notFound: 'Event not found',
  back: 'Back to Events',
  invalidId: 'Event not found',
  /** Ours: the card's RSVP switch, labelled (the count beside it stays 'n attending'). */
  cardRsvp: "I'm going",
  // Create form
  createTitle: 'Create Event',
  editTitle: 'Edit Event',
  fieldTitle: 'Event Title',
  fieldDescription: 'Description',
  fieldDate: 'Date',
  fieldTime: 'Time',
  fieldLocation: 'Location',
  fieldType: 'Event type',
  fieldMax: 'Maximum attendees',
  fieldMaxHint: 'Leave empty for no limit.',
  fieldEnd: 'Ends at (optional)',
  fieldMeetingUrl: 'Online meeting link',
  fieldMeetingUrlHint: 'For an online event: the link people join with.',
  endBeforeStart: 'The end time must be after the start time',
  meetingUrlInvalid: 'Please enter a valid link, such as https://meet.example.com/abc',
  joinMeeting: 'Join online meeting',
  fieldCover: 'Cover Photo',
  create: 'Create',
  save: 'Save',
  cancel: 'Cancel',
  titleRequired: 'Title is required',
  dateRequired: 'Date is required',
  timeRequired: 'Time is required',
  locationRequired: 'Location is required',
  titleTooLong: `Title must be at most 150 characters`,
  descriptionTooLong: 'Description must be at most 5000 characters',
  locationTooLong: 'Location must be at most 300 characters',
  maxInvalid: 'Maximum attendees must be a whole number of at least 1',
  maxBelowGoing: 'Maximum attendees cannot be below the number of people already going',
  startsAtInvalid: 'Please enter a valid date and time',
  loginToCreate: 'Please log in to create events',
  created: 'Event created',
  updated: 'Event updated',
  errorCreating: 'Error creating event',
  errorUpdating: 'Failed to update event',
  coverNotUploaded: 'Please upload the cover photo again.',
  coverUploaded: 'Cover photo uploaded',
  removeCover: 'Remove cover photo',
  // Organizer
  edit: 'Edit Event',
  cancelEvent: 'Cancel Event',
  cancelConfirmTitle: 'Cancel this event?',
  cancelConfirmText: 'Everyone who answered will be told. This cannot be undone.',
  cancelled: 'Cancelled',
  cancelledNotice: 'This event was cancelled.',
  eventCancelled: 'Event cancelled',
  cancelledMessage: (title: string) => `"${title}" was cancelled by its organizer.`,
  alreadyCancelled: 'This event was cancelled.',
  deleteEvent: 'Delete Event',
  deleteConfirmTitle: 'Delete this event?',
  deleteConfirmText:
    'The event, its guest list and its answers are removed for everyone, and everyone who answered is told. This cannot be undone.',
  eventDeleted: 'Event deleted',
  deletedMessage: (title: string) => `"${title}" was deleted by its organizer.`,
  deleteFailed: 'Failed to delete event',
  // RSVP
  authRequiredTitle: 'Authentication required',
  authRequired: 'Please sign in to RSVP for events',
  signIn: 'You need to be signed in to RSVP',
  rsvpFailed: 'Failed to update RSVP',
  attendanceFailed: 'Failed to update attendance',
  loadFailed: 'Failed to load event details',
  rsvpTitle: 'Event RSVP',
  rsvpMessage: (name: string, answer: string, title: string) => `${name} answered ${answer} to "${title}"`,
  waitlisted: 'This event is full: you are on the waitlist.',
  onWaitlist: (n: number) => `You are number ${n} on the waitlist.`,
  promotedTitle: 'Event RSVP',
  promotedMessage: (title: string) => `A seat opened up: you are now going to "${title}".`,
  addToCalendar: 'Add to calendar',
  googleCalendar: 'Google Calendar',
  outlookCalendar: 'Outlook',
  downloadIcs: 'Download .ics',
  yourAnswer: 'Your answer',
  // Invitations
  invite: 'Invite',
  inviteTitle: (title: string) => `Invite people to "${title}"`,
  inviteFromConnections: 'Your connections',
  inviteFromMembers: 'Members',
  inviteSearchLabel: 'Search people by name',
  inviteSearchPlaceholder: 'Type a name…',
  inviteFound: 'People found',
  inviteViaConnection: 'Connection',
  inviteViaGroup: (group: string) => `Member of ${group}`,
  noneFound: 'Nobody found by that name among your connections and groups.',
  inviteGroupHeading: 'Invite a whole group',
  inviteGroup: (name: string) => `Invite all of ${name}`,
  groupMembers: (n: number) => `${n} member${n === 1 ? '' : 's'}`,
  groupNotFound: 'Group not found',
  alreadyInvited: 'Already invited',
  noUsersSelectedTitle: 'No users selected',
  noUsersSelected: 'Please select at least one user to invite',
  invitationsFailed: 'Failed to send invitations',
  invited: (n: number) => `Successfully invited ${n} user(s)`,
  sendInvitations: 'Send Invitations',
  nobodyToInvite: 'Nobody to invite yet.',
  invitationTitle: 'Event invitation',
  invitationMessage: (name: string, title: string) => `${name} invited you to "${title}"`,
  // Profile tabs
  myEvents: 'My Events',
  attendingTab: 'Attending',
  invitedTab: 'Invited',
  noMyEvents: 'No events yet.',
  noAttending: 'Not attending any events yet.',
  noInvited: 'No pending invitations.',
  guestEmpty: {
    accepted: 'Nobody is going yet.',
    maybe: 'Nobody answered maybe yet.',
    declined: "Nobody said they can't go.",
    pending: 'No pending invitations.',
    waitlisted: 'Nobody is waiting.',
  } satisfies Record<GuestStatus, string>,
  invalidCursor: 'Invalid cursor',
  invalidList: 'Unknown list',
  tryAgain: 'Try Again',
} as const;

export const RSVP_LABELS: Record<GuestStatus, string> = {
  accepted: EVENT_MSG.going,
  maybe: EVENT_MSG.maybe,
  declined: EVENT_MSG.cantGo,
  pending: EVENT_MSG.pending,
  waitlisted: EVENT_MSG.waitlist,
};

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  in_person: EVENT_MSG.inPerson,
  online: EVENT_MSG.online,
};

/** 'n / max', or 'n going' without a limit (no 'n / ∞': docs/decisions/033). */
export const attendeesLabel = (going: number, max: number | null) =>
  max === null ? `${going} ${EVENT_MSG.going.toLowerCase()}` : `${going} / ${max}`;

export type EventCounts = {
  going: number;
  maybe: number;
  declined: number;
  pending: number;
  waitlisted: number;
};

export type EventSummary = {
  id: string;
  title: string;
  description: string;
  /** ISO instant; shown in the viewer's time zone. */
  startsAt: string;
  /** ISO instant, after the start, or null (no end given). */
  endsAt: string | null;
  /** The online meeting's link (http or https), or null. */
  meetingUrl: string | null;
  location: string;
  type: EventType;
  coverPhotoUrl: string | null;
  maxAttendees: number | null;
  goingCount: number;
  maybeCount: number;
  cancelled: boolean;
  organizer: PersonSummary;
  /** The viewer's answer (null: none, or a visitor). */
  myStatus: GuestStatus | null;
  createdAt: string;
};

export type EventDetail = EventSummary & {
  counts: EventCounts;
  /** Everyone with a row (invited or answered). */
  totalInvited: number;
  isOrganizer: boolean;
  /** The organizer or a super admin. */
  canCancel: boolean;
  /** The viewer's place on the waitlist (1 = next), when waitlisted. */
  waitlistPosition: number | null;
};

export type EventPage = { items: EventSummary[]; nextCursor: string | null };

export type Guest = { person: PersonSummary; status: GuestStatus; respondedAt: string | null };
export type GuestPage = { items: Guest[]; nextCursor: string | null };

export type InviteCandidate = {
  person: PersonSummary;
  alreadyInvited: boolean;
  /** Found by name: a connection, or a member of one of the organizer's groups (its name). */
  via?: { kind: 'connection' } | { kind: 'group'; groupName: string };
};
/** One of the organizer's groups, offered to invite all its members at once. */
export type InviteGroup = { id: string; name: string; memberCount: number };
export type InviteCandidates = {
  /**
   * 'connections': the organizer's friends; 'members': others (when they have none); 'search': people
   * found by name, connections first, then members of the organizer's groups.
   */
  source: 'connections' | 'members' | 'search';
  items: InviteCandidate[];
  nextCursor: string | null;
  /** The organizer's groups (on the first page only; empty on later pages and searches). */
  groups: InviteGroup[];
};

export type RsvpResult = { status: GuestStatus; event: EventDetail };

/** Realtime topic of one event: its counts and guest list changed. */
export const eventTopic = (eventId: string) => `event:${eventId}`;

/** This area's live events, part of the realtime protocol's `ServerEvent` (keyed by `type`). */
declare module '../core/realtime' {
  interface AreaEvents {
    /** To subscribers of `event:{id}`: its answers or invitations changed (refetch the guest list). */
    'event.changed': { type: 'event.changed'; eventId: string; goingCount: number; maybeCount: number };
  }
}

/** What this area puts on the home feed: its kinds and its filter tab (common/feed/model.ts). */
declare module '../feed/model' {
  interface AreaFeedKinds {
    event: true;
  }
  interface AreaFeedCategories {
    events: true;
  }
}

/** The notifications this area sends (common/notifications/model.ts). */
declare module '../notifications/model' {
  interface AreaNotificationTypes {
    event_invitation: true;
    event_rsvp: true;
  }
}
