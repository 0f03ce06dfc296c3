/** The one error shape of the whole API. */
export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
};

export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'INTERNAL';

/** Profile fields as the API returns them. */
export type Profile = {
  id: string;
  username: string;
  fullName: string | null;
  email: string;
  avatarUrl: string | null;
  bio: string | null;
  location: string | null;
  company: string | null;
  title: string | null;
  skills: string[];
  coverPhotoUrl: string | null;
  verified: boolean;
  isSuperAdmin: boolean;
  isBanned: boolean;
  createdAt: string;
  updatedAt: string;
};

/** GET /api/me: who is signed in (viewer null for visitors). */
export type MeResponse = {
  viewer: {
    id: string;
    email: string;
    emailVerified: boolean;
    /** Two-step sign-in is on (Settings > Account). */
    twoFactorEnabled: boolean;
    profile: Profile;
  } | null;
};
