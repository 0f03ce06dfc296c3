import { z } from 'zod';
import type { AccessToken, AccountSession } from '../auth/security';
import { TOKEN_SCOPES } from '../auth/security';
import { answers, ZIsoDate } from '../core/api-schemas';
import type { UserSettings } from '../profiles/model';

/*
 * The settings area's answers as the OpenAPI document describes them and the tests check them
 * (server/areas/settings/settings.api.ts). Each is tied to the type the service returns.
 */

/** The member's settings switches (GET and PATCH /api/settings). */
export const ZUserSettings = answers<UserSettings>()(
  z.strictObject({
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    profileVisible: z.boolean(),
    dataCollection: z.boolean(),
    messageSound: z.boolean(),
  }),
);

/** The account is gone (its sessions with it). */
export const ZAccountDeleted = answers<{ deleted: true }>()(z.strictObject({ deleted: z.literal(true) }));
export type AccountDeleted = z.output<typeof ZAccountDeleted>;

export const ZAccountSession = answers<AccountSession>()(
  z.strictObject({
    id: z.string(),
    current: z.boolean(),
    device: z.string(),
    browser: z.string(),
    place: z.string().nullable(),
    createdAt: ZIsoDate,
    lastSeenAt: ZIsoDate,
  }),
);

/** Where the member is signed in, this device first. */
export const ZAccountSessions = answers<{ sessions: AccountSession[] }>()(
  z.strictObject({ sessions: z.array(ZAccountSession) }),
);

export const ZSessionEnded = answers<{ ended: true }>()(z.strictObject({ ended: z.literal(true) }));

/** How many other sessions were ended. */
export const ZSessionsEnded = answers<{ ended: number }>()(z.strictObject({ ended: z.number().int() }));

/** A personal access token as listed: never its secret. */
export const ZAccessToken = answers<AccessToken>()(
  z.strictObject({
    id: z.string(),
    name: z.string(),
    scope: z.enum(TOKEN_SCOPES),
    createdAt: ZIsoDate,
    expiresAt: ZIsoDate,
    lastUsedAt: ZIsoDate.nullable(),
  }),
);

export const ZAccessTokens = answers<{ tokens: AccessToken[] }>()(
  z.strictObject({ tokens: z.array(ZAccessToken) }),
);

/** A new token: its secret, shown this once, and the token as listed. */
export const ZCreatedToken = answers<{ token: string; accessToken: AccessToken }>()(
  z.strictObject({ token: z.string(), accessToken: ZAccessToken }),
);

export const ZTokenRevoked = answers<{ revoked: true }>()(z.strictObject({ revoked: z.literal(true) }));
