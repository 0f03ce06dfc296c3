import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { BlockedPeople } from './blocked-people';
import { DownloadYourData } from './download-your-data';
import { SettingsSwitches, type SwitchSpec } from './settings-switches';

const PRIVACY_SWITCHES: readonly SwitchSpec[] = [
  {
    key: 'profileVisible',
    label: 'Profile visibility',
    description:
      'Show your full profile to everyone. When off, people who are not your friends see only your name, avatar and headline.',
  },
  {
    key: 'dataCollection',
    label: 'Data collection',
    description: 'Allow Cofound to use how you use the app to improve it.',
  },
];

export function PrivacySettings() {
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Privacy</CardTitle>
          <CardDescription>Decide who sees your profile. Changes save at once.</CardDescription>
        </CardHeader>
        <CardContent>
          <SettingsSwitches switches={PRIVACY_SWITCHES} />
        </CardContent>
      </Card>
      <BlockedPeople />
      <DownloadYourData />
    </div>
  );
}
