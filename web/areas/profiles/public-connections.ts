/*
 * Answering a friend request, for the notifications list: apart from public.ts so that the first
 * view, which imports public.ts, does not carry it.
 */
export { useAnswerFriendRequest } from './api/use-connection-mutations';
