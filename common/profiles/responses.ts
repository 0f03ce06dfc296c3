import { z } from 'zod';
import { answers, ZIsoDate, zPage } from '../core/api-schemas';
import type { Profile } from '../core/api-types';
import type {
  ConnectionState,
  PeoplePage,
  PersonSummary,
  ProfileStats,
  ProfileView,
  PublicProfile,
} from './model';

/*
 * The profiles area's answers as the OpenAPI document describes them and the tests check them
 * (server/areas/profiles/profiles.api.ts). Each is tied to the type the service returns.
 */

/** A person in a list (authors, connections, mutual friends): other areas build on this one. */
export const ZPersonSummary = answers<PersonSummary>()(
  z
    .strictObject({
      id: z.string(),
      username: z.string(),
      fullName: z.string().nullable(),
      avatarUrl: z.string().nullable(),
      title: z.string().nullable(),
      bio: z.string().nullable(),
    })
    .meta({ id: 'PersonSummary' }),
);

const profileFields = {
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  company: z.string().nullable(),
  title: z.string().nullable(),
  skills: z.array(z.string()),
  coverPhotoUrl: z.string().nullable(),
  verified: z.boolean(),
  isSuperAdmin: z.boolean(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
};

/** The member's own profile, address and ban included (edits and pictures answer it). */
export const ZProfile = answers<Profile>()(
  z.strictObject({ ...profileFields, email: z.string(), isBanned: z.boolean() }).meta({ id: 'Profile' }),
);

/** Another person's profile: their address only where they are the viewer. */
export const ZPublicProfile = answers<PublicProfile>()(
  z.strictObject({ ...profileFields, email: z.string().nullable() }),
);

export const ZConnectionState = answers<ConnectionState>()(
  z.strictObject({
    status: z.enum(['none', 'following', 'friend_requested', 'request_received', 'friends']),
    isFollowing: z.boolean(),
    followsYou: z.boolean(),
  }),
);

export const ZProfileStats = answers<ProfileStats>()(
  z.strictObject({ followers: z.number().int(), following: z.number().int(), friends: z.number().int() }),
);

/** GET /api/profiles/:userId and /api/profiles/me. */
export const ZProfileView = answers<ProfileView>()(
  z.strictObject({
    profile: ZPublicProfile,
    isSelf: z.boolean(),
    restricted: z.boolean(),
    blockedByYou: z.boolean(),
    connection: ZConnectionState.nullable(),
    stats: ZProfileStats.nullable(),
  }),
);

/** A person's friends, followers or following, a page at a time. */
export const ZPeoplePage = answers<PeoplePage>()(zPage(ZPersonSummary));

/** Friends in common (at most PROFILES.mutualFriendsMax) and how many there are. */
export const ZMutualFriends = answers<{ items: PersonSummary[]; total: number }>()(
  z.strictObject({ items: z.array(ZPersonSummary), total: z.number().int() }),
);
