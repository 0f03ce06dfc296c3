import { EMAIL_CONFIRMED_KEPT_SESSION, FIRST_VIEW_MSG } from './first-view-texts';

/** "1 Follower", "2 Followers": the count and the word that agrees with it (English plurals). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

// The first view's few texts live in first-view-texts.ts (MSG takes them in below).
export { FORMER_MEMBER } from './first-view-texts';

/**
 * User-visible texts shared by the server and the web app. Quoted word for word from the
 * product's specification, so people who know the product find what they expect.
 */
export const MSG = {
  ...FIRST_VIEW_MSG,
  fillAllFields: 'Please fill in all fields',
  /** A banned person's sign-in and writes (ours; the admin area, docs/decisions/017). */
  accountSuspended: 'This account has been suspended.',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  usernameTaken: 'Username already taken',
  usernameInvalid: 'Username may contain only letters, numbers, underscores and dots',
  usernameLength: 'Username must be 3 to 30 characters',
  /** Under the sign-up's Username field, before anything is typed. */
  usernameRule: '3 to 30 characters: letters, numbers, underscores and dots',
  usernameAvailable: 'Username is available',
  usernameChecking: 'Checking the username…',
  usernameCheckLimited: 'Too many username checks. Wait a moment and try again.',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'An account with this email already exists',
  enterEmail: 'Please enter your email address',
  invalidCredentials: 'Invalid email or password.',
  emailNotConfirmed: 'Please check your email and confirm your account.',
  loginFailedTitle: 'Login Failed',
  loginFailed: 'Failed to log in. Please try again.',
  signUpSuccess: 'Account created successfully! Please check your email to verify your account.',
  signUpFailed: 'Failed to create account',
  resetSentTitle: 'Reset Email Sent',
  resetSent: 'Check your email for password reset instructions.',
  resetFailedTitle: 'Reset Failed',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  passwordUpdated: 'Your password has been updated. You can sign in now.',
  passwordsDoNotMatch: 'Passwords do not match',
  signInRequiredTitle: 'Sign in required',
  signInRequired: (action: string) => `You need to be signed in to ${action}.`,
  signInRequiredHint: 'Please sign in or create an account to continue.',
  /** Beside 'Sign in' wherever a visitor is asked to sign in: opens /auth on its Sign Up tab. */
  createAccount: 'Create account',
  pageNotFound: 'Page not found',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  unauthenticated: 'Not authenticated',
  forbidden: "You don't have permission to do that.",
  notFound: 'Not found',
  bodyTooLarge: 'The request is too large.',
} as const;

/**
 * Refusals by the API's own safety limits (issue 13): how often one person may write or upload, a
 * busy image processor, and a request another site made on a signed-in person's behalf.
 */
export const LIMIT_MSG = {
  tooManyWrites: 'You are doing that too often. Please wait a few minutes and try again.',
  tooManyUploads: 'You have uploaded many files in a short time. Please wait a while and try again.',
  tooManyReads: 'You are loading pages very fast. Please wait a few minutes and try again.',
  imagesBusy: 'Too many images are being processed right now. Please try again in a moment.',
  crossSite: 'This request came from another site and was refused.',
} as const;

/** Account safety (issue 13): common passwords, sign-in throttling, busy hashing, links into the API. */
export const MSG_AUTH_SAFETY = {
  commonPassword: 'This password is too common. Please choose one that is harder to guess.',
  accountThrottled:
    'Too many failed sign-in attempts for this account. Please wait a few minutes and try again.',
  addressThrottled: 'Too many failed sign-in attempts from your network. Please wait a moment and try again.',
  serverBusy: 'The server is busy. Please try again in a moment.',
  deleteAccountLimited: 'Too many attempts. Please wait a few minutes and try again.',
  apiLinkRefused: "Links and pictures cannot point at the site's API (addresses under /api/).",
  /** Signing in before confirming: better-auth has just mailed a fresh link (sendOnSignIn). */
  notConfirmedLinkSent: (email: string) =>
    `Your email is not confirmed yet. We just sent a new confirmation link to ${email}.`,
  emailConfirmedKeptSession: EMAIL_CONFIRMED_KEPT_SESSION,
} as const;

/** The "check your inbox" screen after Create Account (issue 21). */
export const MSG_CHECK_INBOX = {
  title: 'Check your inbox',
  sentTo: 'We sent a confirmation link to',
  instructions: 'Open the link in that mail to finish creating your account. It is valid for 24 hours.',
  resend: 'Resend the link',
  resendIn: (seconds: number) => `Resend in ${seconds} s`,
  resent: (email: string) => `A new confirmation link is on its way to ${email}.`,
  resendLimited: 'Too many links were sent to this address. Please wait a few minutes and try again.',
  wrongAddress: 'Wrong address?',
  fixAddress: 'Change the address',
  newAddress: 'Correct email address',
  saveAddress: 'Send the link there',
  addressChanged: (email: string) => `Address changed. We sent a confirmation link to ${email}.`,
  backToLogin: 'Back to Log In',
  sameAddress: 'This is the address the link was already sent to.',
  cannotChange: 'This address can no longer be changed here. Please sign in.',
} as const;
