import { z } from 'zod';
import { LIMITS } from '../core/limits';
import { MSG } from '../core/texts';

/** A required string field: missing, non-string or blank all read as "fill in all fields". */
const required = (msg: string = MSG.fillAllFields) => z.string({ error: msg }).trim().min(1, { error: msg });

const email = required()
  .max(LIMITS.emailMax, { error: MSG.emailInvalid })
  .pipe(z.email({ error: MSG.emailInvalid }));

export const ZUsername = required()
  .min(LIMITS.usernameMin, { error: MSG.usernameLength })
  .max(LIMITS.usernameMax, { error: MSG.usernameLength })
  .regex(/^[A-Za-z0-9_.]+$/, { error: MSG.usernameInvalid });

/** GET /api/signup/username?username=: whether a username could be signed up with now. */
export const ZUsernameCheck = z.object({ username: z.string().max(200) });
export type UsernameCheck = { available: boolean; message: string };

export const ZPassword = z
  .string({ error: MSG.fillAllFields })
  .min(1, { error: MSG.fillAllFields })
  .min(LIMITS.passwordMin, { error: MSG.passwordTooShort })
  .max(LIMITS.passwordMax, { error: MSG.passwordTooLong });

export const ZSignUp = z.object({
  username: ZUsername,
  email,
  password: ZPassword,
});
export type SignUp = z.infer<typeof ZSignUp>;

export const ZSignIn = z.object({
  email: required(),
  password: z.string({ error: MSG.fillAllFields }).min(1, { error: MSG.fillAllFields }),
});
export type SignIn = z.infer<typeof ZSignIn>;

export const ZRequestReset = z.object({
  email: required(MSG.enterEmail).pipe(z.email({ error: MSG.emailInvalid })),
});
export type RequestReset = z.infer<typeof ZRequestReset>;

export const ZResetPassword = z.object({
  token: required(MSG.resetLinkInvalid),
  newPassword: ZPassword,
});
export type ResetPassword = z.infer<typeof ZResetPassword>;

/** The check-your-inbox screen: move a not yet confirmed account to the address meant. */
export const ZCorrectEmail = z.object({
  email,
  password: z.string({ error: MSG.fillAllFields }).min(1, { error: MSG.fillAllFields }),
  newEmail: email,
});
export type CorrectEmail = z.infer<typeof ZCorrectEmail>;
