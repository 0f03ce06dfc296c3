/**
 * User-visible texts shared by the server and the web app. Quoted from the specification
 * (shared/spec) so people who know the product find what they expect.
 */
export const MSG = {
  fillAllFields: 'Please fill in all fields',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  usernameTaken: 'Username already taken',
  usernameInvalid: 'Username may contain only letters, numbers, underscores and dots',
  usernameLength: 'Username must be 3 to 30 characters',
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
  signedOutTitle: 'Signed out successfully',
  signedOut: 'You have been logged out.',
  signOutFailedTitle: 'Error',
  signOutFailed: 'Failed to sign out. Please try again.',
  tagline: 'Connect with investors and grow your business',
  searchPlaceholder: 'Search opportunities, investors, or groups...',
  signInRequiredTitle: 'Sign in required',
  signInRequired: (action: string) => `You need to be signed in to ${action}.`,
  signInRequiredHint: 'Please sign in or create an account to continue.',
  pageNotFound: 'Page not found',
  returnHome: 'Return to Home',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  unauthenticated: 'Not authenticated',
  forbidden: "You don't have permission to do that.",
  notFound: 'Not found',
  bodyTooLarge: 'The request is too large.',
  unexpected: 'An unexpected error occurred',
  emailVerifiedTitle: 'Email confirmed',
  verifyLinkInvalid: 'This confirmation link is invalid or has expired.',
} as const;

/**
 * Refusals by the API's own safety limits (issue 13): how often one person may write or upload, a
 * busy image processor, and a request another site made on a signed-in person's behalf.
 */
export const LIMIT_MSG = {
  tooManyWrites: 'You are doing that too often. Please wait a few minutes and try again.',
  tooManyUploads: 'You have uploaded many files in a short time. Please wait a while and try again.',
  imagesBusy: 'Too many images are being processed right now. Please try again in a moment.',
  crossSite: 'This request came from another site and was refused.',
} as const;

/** Account safety (issue 13): common passwords, sign-in throttling, busy hashing, links into the API. */
export const MSG_AUTH_SAFETY = {
  commonPassword: 'This password is too common. Please choose one that is harder to guess.',
  accountThrottled:
    'Too many failed sign-in attempts for this account. Please wait a few minutes and try again.',
  serverBusy: 'The server is busy. Please try again in a moment.',
  deleteAccountLimited: 'Too many attempts. Please wait a few minutes and try again.',
  apiLinkRefused: "Links and pictures cannot point at the site's API (addresses under /api/).",
  emailConfirmedKeptSession: 'Email confirmed. You are still signed in to your current account.',
} as const;
