import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PUSH_MSG } from '@common/notifications/model';
import type { UserSettings } from '@common/profiles/model';
import { api, call } from '@web/lib/api';
import { settingsKeys } from './query-keys';
import { updateSettings } from './update-settings';

/*
 * The "Push notifications" switch on this device (docs/decisions/016). On means: the person's setting is
 * on, the browser allows notifications, and this browser's subscription is registered with the
 * server. Turning it on asks the browser's permission, subscribes and registers; turning it off
 * removes this device's subscription and the setting.
 */

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

async function registration() {
  return (
    (await navigator.serviceWorker.getRegistration('/')) ??
    (await navigator.serviceWorker.register('/sw.js', { scope: '/' }))
  );
}

/** This device's state: whether pushes reach it now. */
async function getPushState(): Promise<{ on: boolean }> {
  if (!pushSupported() || Notification.permission !== 'granted') return { on: false };
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return { on: false };
  const res = await call(api.push.subscriptions.check.$post({ json: { endpoint: sub.endpoint } }));
  return { on: res.subscribed };
}

export function usePushState() {
  return useQuery({ queryKey: [...settingsKeys.all, 'push-device'], queryFn: getPushState });
}

/** Why the switch could not be turned on, in words for the person. */
export class PushRefused extends Error {}

async function turnOn() {
  if (!pushSupported()) throw new PushRefused(PUSH_MSG.unsupported);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushRefused(PUSH_MSG.denied);
  if (permission !== 'granted') throw new PushRefused(PUSH_MSG.dismissed);
  const { publicKey } = await call(api.push.key.$get());
  const reg = await registration();
  await navigator.serviceWorker.ready;
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await call(api.push.subscriptions.$post({ json }));
  return updateSettings({ pushNotifications: true });
}

async function turnOff() {
  const reg = pushSupported() ? await navigator.serviceWorker.getRegistration('/') : undefined;
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await call(api.push.subscriptions.$delete({ json: { endpoint: sub.endpoint } })).catch(() => null);
    await sub.unsubscribe().catch(() => false);
  }
  return updateSettings({ pushNotifications: false });
}

export function useTogglePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => (on ? turnOn() : turnOff()),
    onSuccess: (saved: UserSettings, on) => {
      queryClient.setQueryData(settingsKeys.switches(), saved);
      queryClient.setQueryData([...settingsKeys.all, 'push-device'], { on });
    },
  });
}
