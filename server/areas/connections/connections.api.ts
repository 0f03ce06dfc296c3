import { ZJsonObject, ZOk } from '@common/core/api-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The connections area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const connectionsApiDocs: ApiDocs = {
  'GET /connections/requests': { summary: 'Friend requests received and sent', response: ZJsonObject },
  'GET /connections/blocked': { summary: 'People the viewer blocked', response: ZJsonObject },
  'GET /people/suggestions': { summary: 'People you may know', response: ZJsonObject },
  'POST /people/suggestions/:userId/dismiss': { summary: 'Dismiss a suggestion', response: ZOk },
  'GET /people/recipients': { summary: 'People the viewer may message', response: ZJsonObject },
  'GET /people/mentionable': {
    summary: 'People the viewer may mention (the @ picker), connections first',
    response: ZJsonObject,
  },
  'GET /people/names': {
    summary: 'Current names of mentioned people the viewer may see',
    response: ZJsonObject,
  },
  'GET /connections/:userId': { summary: 'The viewer’s connection with a person', response: ZJsonObject },
  'POST /connections/:userId/follow': { summary: 'Follow a person', response: ZJsonObject },
  'DELETE /connections/:userId/follow': { summary: 'Unfollow a person', response: ZJsonObject },
  'POST /connections/:userId/request': { summary: 'Send a friend request', response: ZJsonObject },
  'POST /connections/:userId/accept': { summary: 'Accept a friend request', response: ZJsonObject },
  'POST /connections/:userId/reject': { summary: 'Decline a friend request', response: ZJsonObject },
  'DELETE /connections/:userId/friend': { summary: 'End a friendship', response: ZJsonObject },
  'POST /connections/:userId/block': { summary: 'Block a person', response: ZJsonObject },
  'DELETE /connections/:userId/block': { summary: 'Unblock a person', response: ZJsonObject },
};
