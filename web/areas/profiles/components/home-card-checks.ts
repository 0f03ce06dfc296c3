import type { Profile } from '@common/core/api-types';
import { useMe } from '@web/lib/me';
import { usePeopleYouMayKnow } from '../api/people-suggestions';

/*
 * Whether the profiles area's home cards (module.ts `homeCards`) have anything to show, decided
 * in the first view so a card's code is loaded only when it will render: a settled-in member's
 * home downloads neither card.
 */

/** The profile-completion card's steps, in the order it lists them. */
export function completionSteps(profile: Profile) {
  return [
    // Sign-up names an account by its username: a full name of their own is one that differs.
    {
      step: 'fullName',
      isDone:
        Boolean(profile.fullName?.trim()) &&
        profile.fullName!.trim().toLowerCase() !== profile.username.toLowerCase(),
    },
    { step: 'photo', isDone: Boolean(profile.avatarUrl) },
    { step: 'title', isDone: Boolean(profile.title?.trim()) },
    { step: 'skills', isDone: profile.skills.length > 0 },
  ] as const;
}

/** True while the signed-in person's profile lacks a full name, a photo, a title or skills (from /api/me). */
export function useProfileIncomplete(): boolean {
  const { viewer } = useMe();
  return viewer !== null && completionSteps(viewer.profile).some((s) => !s.isDone);
}

/**
 * True once the suggestions have come back with at least one person (the card shares the query);
 * undefined until they come back.
 */
export function useHasSuggestions(): boolean | undefined {
  const query = usePeopleYouMayKnow();
  if (query.isPending) return undefined;
  return (query.data?.items.length ?? 0) > 0;
}
