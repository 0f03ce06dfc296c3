import type { ServerEvent } from '@common/core/realtime';
import { defineArea } from '../../platform/area';
import { exportConnections } from './connections.export';
import { connectionsApiDocs } from './connections.api';
import { connectionRoutes } from './connections.routes';
import { canContact } from './blocks.service';
import { removePersonConnections } from './connections.service';
import { demo } from './connections.demo';

export { areFriends, getProfileStats, listConnections, listMutualFriends } from './connection-lists.service';
export { getConnectionState } from './connection-pair';

/** Follows, friendships and blocks; blocking decides who may message whom. */
export const connectionsArea = defineArea({
  name: 'connections',
  demo,
  routes: connectionRoutes,
  api: connectionsApiDocs,
  exportData: exportConnections,
  register(ctx) {
    ctx.registerNotificationType('connection_request');
    ctx.setMessagePolicy(canContact);
  },
  async onAccountDeleted(tx, userId, { bus }) {
    const former = await removePersonConnections(tx, userId);
    return {
      afterCommit() {
        for (const other of former) {
          const event: ServerEvent = { type: 'connection.changed', userIds: [userId, other] };
          bus.publish({ to: [other], event });
        }
      },
    };
  },
});
