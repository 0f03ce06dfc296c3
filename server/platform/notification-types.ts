import type { NotificationType } from '@common/notifications/model';

/*
 * Kinds of notification (docs/decisions/012). The area that sends a kind declares it in its common
 * model (AreaNotificationTypes, common/notifications/model.ts) and registers it from its
 * register(ctx); the notifications area knows no area. This registry is the only list at run
 * time: createNotification refuses a type no area registered. Several areas may send one type
 * (groups and forums send 'group_action'); one of them registers it.
 */

const types = new Set<string>();

export function registerNotificationType(type: NotificationType): void {
  types.add(type);
}

/** Whether some area registered the type. */
export function isNotificationType(type: string): type is NotificationType {
  return types.has(type);
}

/** Every registered type (the contract test compares them with what the areas declare). */
export function notificationTypes(): NotificationType[] {
  return [...types] as NotificationType[];
}
