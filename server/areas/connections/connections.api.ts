import { ZOk } from '@common/core/api-schemas';
import {
  ZBlocked,
  ZBlockedPeople,
  ZConnectionState,
  ZFriendRequests,
  ZMentionedPeople,
  ZPeopleSuggestions,
  ZPickablePeople,
} from '@common/connections/responses';
import type { ApiDocs } from '../../platform/openapi';

/** The connections area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const connectionsApiDocs: ApiDocs = {
  'GET /connections/requests': { summary: 'Friend requests received and sent', response: ZFriendRequests },
  'GET /connections/blocked': { summary: 'People the viewer blocked', response: ZBlockedPeople },
  'GET /people/suggestions': { summary: 'People you may know', response: ZPeopleSuggestions },
  'POST /people/suggestions/:userId/dismiss': { summary: 'Dismiss a suggestion', response: ZOk },
  'GET /people/recipients': { summary: 'People the viewer may message', response: ZPickablePeople },
  'GET /people/mentionable': {
    summary: 'People the viewer may mention (the @ picker), connections first',
    response: ZPickablePeople,
  },
  'GET /people/names': {
    summary: 'Current names of mentioned people the viewer may see',
    response: ZMentionedPeople,
  },
  'GET /connections/:userId': {
    summary: 'The viewer’s connection with a person',
    response: ZConnectionState,
  },
  'POST /connections/:userId/follow': { summary: 'Follow a person', response: ZConnectionState },
  'DELETE /connections/:userId/follow': { summary: 'Unfollow a person', response: ZConnectionState },
  'POST /connections/:userId/request': { summary: 'Send a friend request', response: ZConnectionState },
  'POST /connections/:userId/accept': { summary: 'Accept a friend request', response: ZConnectionState },
  'POST /connections/:userId/reject': { summary: 'Decline a friend request', response: ZConnectionState },
  'DELETE /connections/:userId/friend': { summary: 'End a friendship', response: ZConnectionState },
  'POST /connections/:userId/block': { summary: 'Block a person', response: ZBlocked },
  'DELETE /connections/:userId/block': { summary: 'Unblock a person', response: ZBlocked },
};
