import { FORMER_MEMBER } from '../core/first-view-texts';
/**
 * Profiles, connections, settings and blocking. Types,
 * limits and texts shared by the server and the web app. No zod here (the top bar imports it);
 * the schemas are in schemas.ts beside it.
 */
import type { Profile } from '../core/api-types';
import { FOLLOW_MSG } from './first-view-texts';

export const PROFILES = {
  skillBadges: 8,
  mutualFriendsShown: 6,
  fullNameMax: 100,
  shortFieldMax: 100,
  bioMax: 1000,
  skillsMax: 50,
  skillMax: 50,
  urlMax: 2048,
  /** Connection lists (friends, followers, following) page size. */
  connectionsPage: 30,
  mutualFriendsMax: 100,
} as const;

/** How the viewer stands with another person (docs/product-rules.md: one reading). */
export type ConnectionStatus =
  /** No row either way. */
  | 'none'
  /** The viewer follows them. */
  | 'following'
  /** The viewer sent a friend request, still pending. */
  | 'friend_requested'
  /** They sent the viewer a friend request, still pending. */
  | 'request_received'
  | 'friends';

export type ConnectionState = {
  status: ConnectionStatus;
  /** The viewer follows them (a following, requested or friends row of the viewer's). */
  isFollowing: boolean;
  /** They follow the viewer. */
  followsYou: boolean;
};

export type ProfileStats = { followers: number; following: number; friends: number };

/** A person in a list: connections, requests, mutual friends, blocked people. */
export type PersonSummary = {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
  title: string | null;
  bio: string | null;
};

/**
 * "People you may know": why the person is suggested. `sharedInterests` counts shared skills (and
 * one for the same company); `reason` is another area's reason (e.g. "In Climate Founders", a group
 * both are in), or null.
 */
export type PersonSuggestion = PersonSummary & {
  mutualFriends: number;
  sharedInterests: number;
  reason: string | null;
};

/** People you may know, and the New message action's people (issue 21). */
export const PEOPLE_PICKER = {
  suggestions: 5,
  recipients: 20,
  /** As search's own limit. */
  queryMax: 1000,
} as const;

/**
 * Placeholders of the Edit Profile form (issue 21): each starts with 'e.g.' so an empty field
 * is never mistaken for one already filled in.
 */
export const PROFILE_PLACEHOLDERS = {
  title: 'e.g. Founder & CEO',
  company: 'e.g. Acme Inc.',
  location: 'e.g. Lisbon, Portugal',
  skills: 'e.g. Fundraising, SaaS, Product',
  avatarUrl: 'e.g. https://example.com/me.jpg',
} as const;

export const PEOPLE_MSG = {
  youMayKnow: 'People you may know',
  mutualFriends: (n: number) => `${n} mutual ${n === 1 ? 'friend' : 'friends'}`,
  sharedInterests: 'Shares your skills or company',
  dismiss: (name: string) => `Not now: hide ${name}`,
  newMessage: 'New message',
  findPeople: 'Search people to message',
  findPeoplePlaceholder: 'Type a name...',
  connectionsGroup: 'Friends and people you follow',
  othersGroup: 'Other members',
  noPeople: 'No one found',
  noConnectionsYet: 'Type a name to find someone to message.',
} as const;

/** Profile fields a viewer may see. With `restricted`, only name, avatar and headline are filled. */
export type PublicProfile = Omit<Profile, 'email' | 'isBanned'> & { email: string | null };

/** GET /api/profiles/:id and /api/profiles/me. */
export type ProfileView = {
  profile: PublicProfile;
  isSelf: boolean;
  /** The person keeps their profile to friends (Privacy tab); the viewer sees only the basics. */
  restricted: boolean;
  /** The viewer blocked this person. */
  blockedByYou: boolean;
  connection: ConnectionState | null;
  /** Null while restricted. */
  stats: ProfileStats | null;
};

export const CONNECTION_LISTS = ['friends', 'followers', 'following'] as const;
export type ConnectionList = (typeof CONNECTION_LISTS)[number];

export type PeoplePage = { items: PersonSummary[]; nextCursor: string | null };

export type FriendRequest = { id: string; from: PersonSummary; createdAt: string };

export type UserSettings = {
  emailNotifications: boolean;
  pushNotifications: boolean;
  /** Off: people who are not friends see only name, avatar and headline. */
  profileVisible: boolean;
  dataCollection: boolean;
  /** Off: no sound when a new message arrives. */
  messageSound: boolean;
};
export const DEFAULT_SETTINGS: UserSettings = {
  emailNotifications: true,
  pushNotifications: true,
  profileVisible: true,
  dataCollection: true,
  messageSound: true,
};

export type BlockedPerson = PersonSummary & { blockedAt: string };

// displayName, the Follow texts and the completion card's live in first-view-texts.ts, for the
// first view of /.
export { COMPLETION_MSG, displayName } from './first-view-texts';

/**
 * A person named for a control or a moderator line: the full name first, the username after
 * ("Jane Doe (@jane)"); the username alone when they set no other name.
 */
export function nameAndUsername(p: { fullName?: string | null; username: string }): string {
  const name = p.fullName?.trim();
  return name && name !== p.username ? `${name} (@${p.username})` : p.username;
}

/** Skills typed comma-separated: trimmed, empty entries dropped, duplicates (any case) merged. */
export function parseSkills(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input;
  const seen = new Set<string>();
  const skills: string[] = [];
  for (const part of parts) {
    const skill = part.trim().replace(/\s+/g, ' ');
    if (!skill || seen.has(skill.toLowerCase())) continue;
    seen.add(skill.toLowerCase());
    skills.push(skill);
  }
  return skills;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * 'Joined {Month Year}' in UTC, as en-US's Intl.DateTimeFormat says it, written by hand: the first
 * Intl format a page makes loads the browser's locale data (tens of milliseconds on a phone), and
 * a profile's first view needs no other.
 */
export function joinedText(createdAt: string): string {
  const date = new Date(createdAt);
  return `Joined ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The product's texts for profiles, word for word, and those we add. */
export const PROFILE_MSG = {
  signInToView: 'Please sign in to view profiles.',
  notFound: 'Profile not found.',
  loadFailed: 'Failed to load profile data.',
  loadUserFailed: 'Failed to load user profile.',
  updateFailed: 'Failed to update profile.',
  updated: 'Profile updated successfully!',
  usernameReadOnly: 'Username cannot be changed after signup',
  invalidUrlTitle: 'Invalid URL',
  invalidUrl: 'Please enter a valid HTTP or HTTPS URL.',
  avatarUpdated: 'Avatar updated successfully!',
  avatarRemoved: 'Avatar removed successfully!',
  avatarRemoveFailed: 'Failed to remove avatar.',
  uploadFailed: 'Upload failed',
  updateFailedTitle: 'Update failed',
  coverUpdated: 'Cover photo updated successfully!',
  coverRemoved: 'Cover photo removed.',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  tooManySkills: `Add at most ${PROFILES.skillsMax} skills`,
  skillTooLong: `Each skill must be at most ${PROFILES.skillMax} characters`,
  restricted: 'This profile is visible to friends only.',
  noBio: 'No bio yet.',
} as const;

export const CONNECTION_MSG = {
  ...FOLLOW_MSG,
  requestFailed: 'Failed to send friend request',
  removeFriendFailed: 'Failed to remove friend',
  updateFailed: 'Failed to update connection',
  requestSent: 'Friend request sent!',
  friendRemoved: 'Friend removed',
  connectionRequestSent: 'Connection request sent',
  connectionRemoved: 'Connection removed',
  requestsLoadFailed: 'Failed to load friend requests. Please try again.',
  acceptFailed: 'Failed to accept friend request. Please try again.',
  rejectFailed: 'Failed to reject friend request. Please try again.',
  accepted: 'Friend request accepted',
  rejected: 'Friend request rejected',
  // Refusals the server gives (ours: the document has no text for them).
  notYourself: "You can't connect with yourself.",
  blocked: "You can't connect with this person.",
  noRequest: 'This friend request no longer exists.',
  // Labels.
  connect: 'Connect',
  /** The compact connect button, once on (it follows them). */
  connected: 'Connected',
  requestSentLabel: 'Request Sent',
  friends: 'Friends',
  message: 'Message',
  accept: 'Accept',
  reject: 'Reject',
  removeFriendConfirm: (name: string) => `Remove ${name} from your friends?`,
  friendAccepted: {
    title: 'Friend Request Accepted',
    text: (name: string) => `${name} accepted your friend request`,
  },
  newFollower: { title: 'New Follower', text: (name: string) => `${name} started following you` },
  noFriends: 'No friends yet',
  noFollowers: 'No followers yet',
  noFollowing: 'Not following anyone yet',
  noRequests: 'No pending friend requests',
  noMutual: 'No mutual friends',
  showAll: 'Show All',
  showLess: 'Show Less',
} as const;

export const SETTINGS_MSG = {
  saved: 'Settings saved',
  saveFailed: 'Failed to save settings',
  passwordChanged: 'Password changed. Other devices have been signed out.',
  passwordChangeFailed: 'Failed to change password',
  currentPasswordWrong: 'Current password is incorrect.',
  blocked: (name: string) => `${name} is blocked`,
  unblocked: (name: string) => `${name} is unblocked`,
  blockFailed: 'Failed to block this person',
  unblockFailed: 'Failed to unblock this person',
  notYourself: "You can't block yourself.",
  noBlocked: "You haven't blocked anyone.",
  deleteConfirm: 'Enter your password to delete your account. This cannot be undone.',
  deleted: 'Your account has been deleted.',
  deleteFailed: 'Failed to delete account',
  passwordRequired: 'Please enter your password',
  wrongPassword: 'Incorrect password.',
  adminCannotDelete: 'A super admin account cannot be deleted.',
  deletedMember: FORMER_MEMBER,
} as const;

/** What members may report here: the report's target type and how "Report this {label}" names it. */
export const PROFILE_REPORT_TARGET = { type: 'profile', label: 'profile' } as const;

/** This area's live events, part of the realtime protocol's `ServerEvent` (keyed by `type`). */
declare module '../core/realtime' {
  interface AreaEvents {
    /**
     * To subscribers of `profile:{userId}` (those who may see the whole profile, counts included):
     * the profile's fields or pictures changed.
     */
    'profile.updated': { type: 'profile.updated'; userId: string };
    /**
     * To subscribers of `profile:{userId}`: this person's follows or friendships changed, so their
     * counts and lists did. Names nobody else: who they connected with is read through the lists.
     */
    'profile.connections': { type: 'profile.connections'; userId: string };
    /** A follow, request, friendship or block between the two changed. To the two people only. */
    'connection.changed': { type: 'connection.changed'; userIds: [string, string] };
  }
}

/** The notifications this area sends (common/notifications/model.ts): a friend request, sent by the connections area. */
declare module '../notifications/model' {
  interface AreaNotificationTypes {
    connection_request: true;
  }
}
