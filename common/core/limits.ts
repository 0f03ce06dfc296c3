export const LIMITS = {
  passwordMin: 6,
  passwordMax: 128,
  usernameMin: 3,
  usernameMax: 30,
  emailMax: 254,
  /** JSON request bodies; uploads have their own limits. */
  jsonBodyBytes: 64 * 1024,
  narrowLayoutPx: 768,
} as const;
