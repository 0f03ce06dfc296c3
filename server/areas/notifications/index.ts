import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import { defineArea } from '../../platform/area';
import { notificationRoutes } from './notifications.routes';
import { demo } from './notifications.demo';

export {
  actorColumns,
  createNotification,
  markGroupRead,
  notificationEnvelope,
  notify,
} from './notifications.service';
export { createNotificationMailer, type NotificationMailer } from './notifications.mail';

/** The bell: notifications, live counts, and their batched mail. */
export const notificationsArea = defineArea({
  name: 'notifications',
  demo,
  routes: notificationRoutes,
  async onAccountDeleted(tx, userId) {
    await tx.delete(notifications).where(eq(notifications.userId, userId));
  },
});
