/*
 * What the first view of / needs from common/profiles/model.ts (the feed's author names, a new
 * member card's Follow button, the profile-completion card above a new member's feed), kept in this small module so that view does not download every
 * profile text: model.ts re-exports displayName and COMPLETION_MSG and builds CONNECTION_MSG from FOLLOW_MSG.
 */

/** What the person shows as their name. */
export function displayName(p: { fullName?: string | null; username?: string | null }): string {
  return p.fullName?.trim() || p.username || 'Unknown User';
}

/** Part of CONNECTION_MSG (model.ts), which has them under the same names. */
export const FOLLOW_MSG = {
  followFailed: 'Failed to follow user',
  unfollowFailed: 'Failed to unfollow user',
  followingTitle: 'Following user',
  followingName: (name: string) => `You are now following ${name}`,
  unfollowed: 'You are no longer following this user',
  follow: 'Follow',
  unfollow: 'Unfollow',
} as const;

/**
 * The home page's profile-completion card (issue 21): four steps, the full name first (people are
 * shown and found by it), gone once all are done.
 */
export const COMPLETION_MSG = {
  heading: 'Complete your profile',
  intro: 'A complete profile helps founders, investors and professionals find you.',
  fullName: 'Add your full name',
  photo: 'Add a profile photo',
  title: 'Add your title',
  skills: 'List your skills',
  progress: (done: number, total: number) => `${done} of ${total} done`,
  edit: 'Edit profile',
  done: 'Done',
  toDo: 'To do',
} as const;
