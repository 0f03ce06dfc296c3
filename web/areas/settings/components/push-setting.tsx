import { PUSH_MSG } from '@common/notifications/model';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useSettings } from '../api/get-settings';
import { PushRefused, usePushState, useTogglePush } from '../api/push';
import { SettingSwitch } from './setting-switch';

/**
 * The "Push notifications" switch: real on this device (permission, subscription), and it says in
 * words why it stayed off when the browser refused.
 */
export function PushSetting() {
  const settings = useSettings();
  const device = usePushState();
  const toggle = useTogglePush();
  const on = toggle.isPending ? toggle.variables : !!settings.data?.pushNotifications && !!device.data?.on;
  const error = toggle.error;
  const message =
    error instanceof PushRefused
      ? error.message
      : error
        ? isApiError(error) && error.code !== 'NETWORK'
          ? error.message
          : PUSH_MSG.failed
        : null;
  return (
    <div className="pt-4">
      <SettingSwitch
        label="Push notifications"
        description="Get notified on this device as things happen, while Cofound is not open."
        checked={on}
        disabled={settings.isPending || device.isPending || toggle.isPending}
        onCheckedChange={(value) =>
          toggle.mutate(value, {
            onSuccess: () =>
              toast.success(value ? PUSH_MSG.turnedOn : PUSH_MSG.turnedOff, { id: 'push-switch' }),
          })
        }
      />
      {message ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
