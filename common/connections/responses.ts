import { z } from 'zod';
import { answers, ZIsoDate } from '../core/api-schemas';
import { ZPersonSummary } from '../profiles/responses';
import type {
  BlockedPerson,
  ConnectionState,
  FriendRequest,
  PersonSuggestion,
  PersonSummary,
} from '../profiles/model';

/*
 * The connections area's answers (server/areas/connections/connections.api.ts). Its model lives with
 * the profiles' (common/profiles/model.ts); each schema is tied to its type there.
 */

export const ZFriendRequests = answers<FriendRequest[]>()(
  z.array(z.strictObject({ id: z.string(), from: ZPersonSummary, createdAt: ZIsoDate })),
);

export const ZBlockedPeople = answers<BlockedPerson[]>()(
  z.array(ZPersonSummary.extend({ blockedAt: ZIsoDate })),
);

export const ZPeopleSuggestions = answers<{ items: PersonSuggestion[] }>()(
  z.strictObject({
    items: z.array(
      ZPersonSummary.extend({
        mutualFriends: z.number(),
        sharedInterests: z.number(),
        reason: z.string().nullable(),
      }),
    ),
  }),
);

/** GET /api/people/recipients and /api/people/mentionable: connections first. */
export const ZPickablePeople = answers<{ items: (PersonSummary & { isConnection: boolean })[] }>()(
  z.strictObject({ items: z.array(ZPersonSummary.extend({ isConnection: z.boolean() })) }),
);

/** GET /api/people/names: the current names of mentioned people (MentionedPerson, server/platform/mentions.ts). */
export const ZMentionedPeople = answers<{
  items: { id: string; username: string; fullName: string | null; avatarUrl: string | null }[];
}>()(
  z.strictObject({
    items: z.array(
      z.strictObject({
        id: z.string(),
        username: z.string(),
        fullName: z.string().nullable(),
        avatarUrl: z.string().nullable(),
      }),
    ),
  }),
);

export const ZConnectionState = answers<ConnectionState>()(
  z.strictObject({
    status: z.enum(['none', 'following', 'friend_requested', 'request_received', 'friends']),
    isFollowing: z.boolean(),
    followsYou: z.boolean(),
  }),
);

/** POST and DELETE /api/connections/{userId}/block. */
export const ZBlocked = answers<{ blocked: boolean }>()(z.strictObject({ blocked: z.boolean() }));
