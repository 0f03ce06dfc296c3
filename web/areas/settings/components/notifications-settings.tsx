import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { SettingsSwitches, type SwitchSpec } from './settings-switches';

const NOTIFICATION_SWITCHES: readonly SwitchSpec[] = [
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    description: 'Get an email about new messages, requests and activity you have not seen yet.',
  },
  {
    key: 'pushNotifications',
    label: 'Push notifications',
    description: 'Get notified on this device as things happen.',
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
        <SettingsSwitches switches={NOTIFICATION_SWITCHES} />
      </CardContent>
    </Card>
  );
}
