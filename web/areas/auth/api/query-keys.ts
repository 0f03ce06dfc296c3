/**
 * Query keys of the auth area. Every key starts with 'auth' so one call can invalidate or keep
 * the whole area (sign-out keeps it and drops everything else).
 */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};
