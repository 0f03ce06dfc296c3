import { z } from 'zod';
import { answers } from '../core/api-schemas';
import type { MeResponse } from '../core/api-types';
import { ZProfile } from '../profiles/responses';
import type { UsernameCheck } from './schemas';

/*
 * The auth area's own answers (not better-auth's) as the OpenAPI document describes them and the
 * tests check them (server/areas/auth/auth.api.ts). Each is tied to the type the route returns.
 */

/** The address the confirmation link went to. */
export const ZCorrectedEmail = answers<{ email: string }>()(z.strictObject({ email: z.string() }));

export const ZUsernameCheckAnswer = answers<UsernameCheck>()(
  z.strictObject({ available: z.boolean(), message: z.string() }),
);

/** Who is signed in, or null for a visitor. */
export const ZMeResponse = answers<MeResponse>()(
  z.strictObject({
    viewer: z
      .strictObject({
        id: z.string(),
        email: z.string(),
        emailVerified: z.boolean(),
        twoFactorEnabled: z.boolean(),
        profile: ZProfile,
      })
      .nullable(),
  }),
);
