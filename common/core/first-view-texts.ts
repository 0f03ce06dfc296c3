/*
 * The texts of common/core/texts.ts that the first view of / uses (the welcome page, the layout,
 * the API client, signing out), kept in this small module so that view does not download every
 * text of the app: texts.ts builds MSG from these, and everything else keeps importing it.
 */

/**
 * How a deleted account is shown everywhere (issue 21): its name in messages, lists and mentions,
 * and the avatar draws a neutral figure instead of its initials.
 */
export const FORMER_MEMBER = 'A former member';

/** Part of MSG (texts.ts), which has them under the same names. */
export const FIRST_VIEW_MSG = {
  signedOutTitle: 'Signed out successfully',
  signedOut: 'You have been logged out.',
  signOutFailedTitle: 'Error',
  signOutFailed: 'Failed to sign out. Please try again.',
  tagline: 'Connect with investors and grow your business',
  searchPlaceholder: 'Search opportunities, investors, or groups...',
  returnHome: 'Return to Home',
  unexpected: 'An unexpected error occurred',
  emailVerifiedTitle: 'Email confirmed',
  verifyLinkInvalid: 'This confirmation link is invalid or has expired.',
} as const;

/** MSG_AUTH_SAFETY.emailConfirmedKeptSession (texts.ts). */
export const EMAIL_CONFIRMED_KEPT_SESSION =
  'Email confirmed. You are still signed in to your current account.';
