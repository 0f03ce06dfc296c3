import { z } from 'zod';
import { LIMITS } from '../core/limits';
import { MSG } from '../core/texts';

/*
 * Account security (issue 32): two-step sign-in, passkeys, where a member is signed in, and
 * personal access tokens. The specification gives no wording for these; the texts are ours.
 */

export const SECURITY_MSG = {
  // Two-step sign-in
  twoFactorTitle: 'Two-step sign-in',
  twoFactorOff: 'Two-step sign-in is off.',
  twoFactorOn: 'Two-step sign-in is on.',
  twoFactorExplain:
    'After your password, sign-in asks for a code from an authenticator app on your phone (or one of your recovery codes).',
  turnOn: 'Turn on',
  turnOff: 'Turn off two-step sign-in',
  scanQr: 'Scan this QR code with your authenticator app, or type the key below into it.',
  qrAlt: 'QR code for your authenticator app',
  textKey: 'Key',
  confirmCode: 'Enter the 6-digit code the app shows to finish.',
  code: 'Code',
  confirm: 'Confirm',
  recoveryTitle: 'Your recovery codes',
  recoveryExplain:
    'Each code works once, in place of a code from the app. Keep them somewhere safe: they are shown only now.',
  downloadCodes: 'Download the codes',
  done: 'Done',
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  recoveryRequired: 'Enter one of your recovery codes.',
  wrongCode: 'That code is not right. Please try again.',
  wrongRecoveryCode: 'That recovery code is not right, or it was already used.',
  codesThrottled: 'Too many wrong codes for this account. Please wait a few minutes and try again.',
  challengeExpired: 'This sign-in has expired. Please enter your password again.',
  alreadyOn: 'Two-step sign-in is already on.',
  notOn: 'Two-step sign-in is not on.',
  signInStepTitle: 'Two-step sign-in',
  signInStepExplain: 'Enter the code from your authenticator app.',
  useRecoveryCode: 'Use a recovery code instead',
  useAppCode: 'Use a code from the app instead',
  recoveryCode: 'Recovery code',
  verify: 'Verify',
  adminRequiresTwoFactor: 'Turn on two-step sign-in in Settings > Account to use the admin area.',
  // Passkeys
  passkeysTitle: 'Passkeys',
  passkeysExplain: "Sign in with your device's fingerprint, face or screen lock instead of your password.",
  addPasskey: 'Add a passkey',
  noPasskeys: 'No passkeys yet.',
  passkeyName: 'Passkey name',
  removePasskey: (name: string) => `Remove passkey ${name}`,
  remove: 'Remove',
  passkeyAdded: 'Passkey added.',
  passkeyFailed: 'The passkey could not be used. Please try again.',
  passkeyUnsupported: 'This browser does not support passkeys.',
  signInWithPasskey: 'Sign in with a passkey',
  addedOn: (date: string) => `Added ${date}`,
  // Sessions
  sessionsTitle: 'Where you are signed in',
  sessionsExplain: 'Places are not shown: this server has no location database.',
  thisDevice: 'This device',
  lastActive: (when: string) => `Last active ${when}`,
  signedInOn: (when: string) => `Signed in ${when}`,
  endSession: 'Sign out',
  endSessionOf: (what: string) => `Sign out ${what}`,
  endOthers: 'Sign out everywhere else',
  noOtherSessions: 'You are not signed in anywhere else.',
  sessionNotFound: 'This session has already ended.',
  // Personal access tokens
  tokensTitle: 'Personal access tokens',
  tokensExplain:
    'A token lets your own scripts call the API as you, with Authorization: Bearer <token>. It cannot reach account settings or the admin area.',
  tokenName: 'Token name',
  tokenScope: 'Access',
  scopeRead: 'Read only',
  scopeWrite: 'Read and write',
  tokenExpiry: 'Expires after',
  days: (n: number) => `${n} days`,
  createToken: 'Create token',
  noTokens: 'No tokens yet.',
  tokenShownOnce: 'Copy this token now: it will not be shown again.',
  copy: 'Copy',
  copied: 'Copied',
  revoke: 'Revoke',
  revokeToken: (name: string) => `Revoke token ${name}`,
  expires: (date: string) => `Expires ${date}`,
  expired: 'Expired',
  lastUsed: (when: string) => `Last used ${when}`,
  neverUsed: 'Never used',
  tokenNotFound: 'This token does not exist or was already revoked.',
  tokenInvalid: 'This access token is not valid, has expired or was revoked.',
  tokenRefused: 'Access tokens cannot reach account settings or the admin area.',
  tokenReadOnly: 'This access token is read only.',
  tooManyTokens: 'You have too many tokens. Revoke one first.',
  loadFailed: 'Could not load this. Please try again.',
  tryAgain: 'Try again',
} as const;

/** A TOTP code: six digits, spaces allowed while typing. */
const totpCode = z
  .string({ error: SECURITY_MSG.codeRequired })
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: SECURITY_MSG.codeRequired }));

const password = z
  .string({ error: MSG.fillAllFields })
  .min(1, { error: MSG.fillAllFields })
  .max(LIMITS.passwordMax);

export const ZEnableTwoFactor = z.object({ password });
export const ZVerifyTotp = z.object({ code: totpCode });
export const ZVerifyRecoveryCode = z.object({
  code: z
    .string({ error: SECURITY_MSG.recoveryRequired })
    .trim()
    .min(1, { error: SECURITY_MSG.recoveryRequired })
    .max(40, { error: SECURITY_MSG.recoveryRequired }),
});
export const ZDisableTwoFactor = z.object({ password, code: totpCode });
export const ZPasskeyRegistration = z.object({
  response: z.record(z.string(), z.unknown()),
  name: z.string().trim().max(60).optional(),
});
export const ZPasskeyAuthentication = z.object({ response: z.record(z.string(), z.unknown()) });
export const ZDeletePasskey = z.object({ id: z.string().min(1).max(64) });

export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const TOKEN_LIFETIMES_DAYS = [7, 30, 90, 365] as const;
export const TOKENS_PER_PERSON = 20;
/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'cfpat_';

export const ZCreateToken = z.object({
  name: z.string({ error: MSG.fillAllFields }).trim().min(1, { error: MSG.fillAllFields }).max(60),
  scope: z.enum(TOKEN_SCOPES),
  expiresInDays: z.union(
    TOKEN_LIFETIMES_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<7>, ...z.ZodLiteral<number>[]],
  ),
});
export type CreateToken = z.infer<typeof ZCreateToken>;
export const ZIdParam = z.object({ id: z.uuid({ error: 'Not found.' }) });

export type AccountSession = {
  id: string;
  current: boolean;
  device: string;
  browser: string;
  /** An approximate place from the address: always null here (no location database). */
  place: string | null;
  createdAt: string;
  lastSeenAt: string;
};
export type AccessToken = {
  id: string;
  name: string;
  scope: TokenScope;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
};
export type Passkey = { id: string; name: string | null; createdAt: string | null; deviceType: string };
export type TwoFactorSetup = { totpURI: string; secret: string; qrSvg: string; backupCodes: string[] };
