import { DigestSetting } from '@web/areas/digests/public';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PushSetting } from './push-setting';
import { SettingsSwitches, type SwitchSpec } from './settings-switches';

const NOTIFICATION_SWITCHES: readonly SwitchSpec[] = [
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    description: 'Get an email about new messages, requests and activity you have not seen yet.',
  },
  {
    key: 'messageSound',
    label: 'New message sound',
    description: 'Play a short chime when a new message arrives while Cofound is open.',
  },
];

export function NotificationsSettings() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Notifications</CardTitle>
        <CardDescription>
          Choose how Cofound tells you about new activity. Changes save at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="divide-y divide-border">
          <div className="pb-4">
            <SettingsSwitches switches={NOTIFICATION_SWITCHES} />
          </div>
          <DigestSetting />
          <PushSetting />
        </div>
      </CardContent>
    </Card>
  );
}
