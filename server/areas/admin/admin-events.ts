import { ADMIN_TOPIC } from '@common/admin/model';
import type { ServerEvent } from '@common/core/realtime';
import type { Bus } from '../../platform/bus';

type Part = Extract<ServerEvent, { type: 'admin.changed' }>['part'];

/** Tells every open dashboard (super admins only) that `part` changed. Call after commit. */
export function publishAdminChanged(bus: Bus, part: Part) {
  bus.publish({ topic: ADMIN_TOPIC, event: { type: 'admin.changed', part } });
}
