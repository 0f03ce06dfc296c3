import { z } from 'zod';
import { answers, ZIsoDate } from '../core/api-schemas';
import type { Notification, NotificationActor, NotificationPage, NotificationType } from './model';

/*
 * The notifications area's answers as the OpenAPI document describes them and the tests check them
 * (server/areas/notifications/notifications.api.ts). Each is tied to the type the service returns.
 */

/** A kind some area declared (the areas register theirs at boot; the list is not known here). */
const ZNotificationType = z
  .custom<NotificationType>((v) => typeof v === 'string')
  .meta({ type: 'string', description: 'A notification kind an area declares (message, comment, ...).' });

export const ZNotificationActor = answers<NotificationActor>()(
  z.strictObject({
    id: z.string(),
    username: z.string(),
    fullName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
);

export const ZNotification = answers<Notification>()(
  z.strictObject({
    id: z.string(),
    type: ZNotificationType,
    title: z.string(),
    message: z.string(),
    read: z.boolean(),
    link: z.string().nullable(),
    relatedId: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
    actor: ZNotificationActor.nullable(),
    createdAt: ZIsoDate,
    updatedAt: ZIsoDate,
  }),
);

export const ZNotificationPage = answers<NotificationPage>()(
  z.strictObject({
    items: z.array(ZNotification),
    nextCursor: z.string().nullable(),
    unreadCount: z.number().int(),
  }),
);

/** How many notifications a read call marked read. */
export const ZNotificationsMarkedRead = answers<{ updated: number }>()(
  z.strictObject({ updated: z.number().int() }),
);
export type NotificationsMarkedRead = z.output<typeof ZNotificationsMarkedRead>;

/** The VAPID public key browsers subscribe with. */
export const ZPushKey = answers<{ publicKey: string }>()(z.strictObject({ publicKey: z.string() }));

/** Whether this browser is (now) subscribed for the member. */
export const ZPushSubscribed = answers<{ subscribed: boolean }>()(
  z.strictObject({ subscribed: z.boolean() }),
);
export type PushSubscribed = z.output<typeof ZPushSubscribed>;
