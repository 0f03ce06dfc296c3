import { eq } from 'drizzle-orm';
import { notifications, pushSubscriptions } from '../../db/schema';
import { defineArea } from '../../platform/area';
import { notificationsApiDocs } from './notifications.api';
import { notificationRoutes } from './notifications.routes';
import { demo } from './notifications.demo';
import { unreadNotificationsDigest } from './notifications.digest';

export {
  actorColumns,
  actorOfViewer,
  createNotification,
  groupReadSql,
  markGroupRead,
  notificationEnvelope,
  notificationFromRow,
  notificationInsertSql,
  notify,
  type RawNotification,
} from './notifications.service';
export { notifyMentions, type MentionNotice } from './mentions.service';
export { createNotificationMailer, type NotificationMailer } from './notifications.mail';
export { createNotificationPusher, type NotificationPusher } from './notifications.push';

/** The bell: notifications, live counts, their batched mail and web pushes. */
export const notificationsArea = defineArea({
  name: 'notifications',
  demo,
  routes: notificationRoutes,
  api: notificationsApiDocs,
  register(ctx) {
    // Its own type: someone named the person in a text (server/platform/mentions.ts).
    ctx.registerNotificationType('mention');
    ctx.registerDigestSection(unreadNotificationsDigest);
  },
  async onAccountDeleted(tx, userId, { bus }) {
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    // Their sessions go too (and their devices with them); said here so no device outlives them.
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    // Others' notifications about the person would go on naming them (their text holds the name).
    const gone = await tx
      .delete(notifications)
      .where(eq(notifications.actorId, userId))
      .returning({ id: notifications.id, userId: notifications.userId });
    const byRecipient = new Map<string, string[]>();
    for (const n of gone) byRecipient.set(n.userId, [...(byRecipient.get(n.userId) ?? []), n.id]);
    return {
      afterCommit: () => {
        for (const [to, ids] of byRecipient)
          bus.publish({ to: [to], event: { type: 'notification.read', ids } });
      },
    };
  },
});
