import type { ConnectionState } from '@common/profiles/model';
import { api, call } from '@web/lib/api';

/*
 * The connection calls of /api/connections/:userId. Each returns the viewer's new state with that
 * person (block and unblock return whether they are blocked).
 */

const param = (userId: string) => ({ param: { userId } });

export const followUser = (userId: string): Promise<ConnectionState> =>
  call(api.connections[':userId'].follow.$post(param(userId)));

export const unfollowUser = (userId: string): Promise<ConnectionState> =>
  call(api.connections[':userId'].follow.$delete(param(userId)));

export const sendFriendRequest = (userId: string): Promise<ConnectionState> =>
  call(api.connections[':userId'].request.$post(param(userId)));

export const acceptFriendRequest = (userId: string): Promise<ConnectionState> =>
  call(api.connections[':userId'].accept.$post(param(userId)));

export const rejectFriendRequest = (userId: string): Promise<ConnectionState> =>
  call(api.connections[':userId'].reject.$post(param(userId)));

export const removeFriend = (userId: string): Promise<ConnectionState> =>
  call(api.connections[':userId'].friend.$delete(param(userId)));

export const blockUser = (userId: string): Promise<{ blocked: boolean }> =>
  call(api.connections[':userId'].block.$post(param(userId)));

export const unblockUser = (userId: string): Promise<{ blocked: boolean }> =>
  call(api.connections[':userId'].block.$delete(param(userId)));
