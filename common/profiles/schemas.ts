import { z } from 'zod';
import { ZPassword } from '../auth/schemas';
import { MSG } from '../core/texts';
import { ZPageQuery } from '../core/page-query';
import { CONNECTION_LISTS, PROFILES, PROFILE_MSG, SETTINGS_MSG, parseSkills } from './model';

/** An optional text field: trimmed, blank becomes null. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: PROFILE_MSG.tooLong(label, max) })
    .nullish()
    .transform((s) => (s ? s : null));

/** Avatar URL: http or https only; empty clears it. */
export const ZAvatarUrl = z
  .string()
  .trim()
  .max(PROFILES.urlMax, { error: PROFILE_MSG.invalidUrl })
  .nullish()
  .transform((s) => (s ? s : null))
  .refine(
    (s) => {
      if (s === null) return true;
      try {
        const url = new URL(s);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: PROFILE_MSG.invalidUrl },
  );

/** PATCH /api/profiles/me: every field but the username (read-only after sign-up). */
export const ZUpdateProfile = z
  .object({
    fullName: optionalText('Full name', PROFILES.fullNameMax),
    title: optionalText('Title', PROFILES.shortFieldMax),
    company: optionalText('Company', PROFILES.shortFieldMax),
    location: optionalText('Location', PROFILES.shortFieldMax),
    bio: optionalText('Bio', PROFILES.bioMax),
    // Comma-separated text or a list: trimmed, empty dropped, duplicates merged.
    skills: z
      .union([z.string(), z.array(z.string())])
      .transform((v) => parseSkills(v))
      .pipe(
        z
          .array(z.string().max(PROFILES.skillMax, { error: PROFILE_MSG.skillTooLong }))
          .max(PROFILES.skillsMax, { error: PROFILE_MSG.tooManySkills }),
      ),
    avatarUrl: ZAvatarUrl,
    username: z.never({ error: PROFILE_MSG.usernameReadOnly }).optional(),
  })
  .partial()
  .strict();
export type UpdateProfileInput = z.input<typeof ZUpdateProfile>;

export const ZConnectionListQuery = ZPageQuery.extend({ list: z.enum(CONNECTION_LISTS) });

export const ZUpdateSettings = z
  .object({
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    profileVisible: z.boolean(),
    dataCollection: z.boolean(),
    messageSound: z.boolean(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to change.' });

/** Change Password on the Account tab (better-auth's change-password; other sessions end). */
export const ZChangePassword = z.object({
  currentPassword: z.string({ error: MSG.fillAllFields }).min(1, { error: MSG.fillAllFields }),
  newPassword: ZPassword,
});
export type ChangePassword = z.infer<typeof ZChangePassword>;

export const ZDeleteAccount = z
  .object({
    password: z
      .string({ error: SETTINGS_MSG.passwordRequired })
      .min(1, { error: SETTINGS_MSG.passwordRequired }),
  })
  .strict();
