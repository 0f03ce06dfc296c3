import { Bell, Code, KeyRound, Lock, UserRound, type LucideIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useMe } from '@web/lib/me';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { AccountSettings } from '../components/account-settings';
import { NotificationsSettings } from '../components/notifications-settings';
import { PrivacySettings } from '../components/privacy-settings';
import { ProfileSettings } from '../components/profile-settings';
import { TokensSettings } from '../components/tokens-settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { SECURITY_MSG } from '@common/auth/security';

const TABS = [
  { value: 'profile', label: 'Profile', icon: UserRound },
  { value: 'account', label: 'Account', icon: KeyRound },
  { value: 'notifications', label: 'Notifications', icon: Bell },
  { value: 'privacy', label: 'Privacy', icon: Lock },
  { value: 'developer', label: 'Developer', icon: Code },
] as const satisfies readonly { value: string; label: string; icon: LucideIcon }[];

type Tab = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is Tab {
  return TABS.some((tab) => tab.value === value);
}

/** /settings: the tab lives in the address (?tab=...), so a reload or a shared link keeps it. */
export function SettingsPage() {
  const { viewer } = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'profile';

  // The sign-in guard only renders this page for someone signed in.
  if (!viewer) return null;

  const selectTab = (value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-6 sm:px-6">
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Settings</h1>
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList className="grid h-auto grid-cols-2 gap-1 sm:grid-cols-5">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="h-9 gap-2">
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          <ProfileSettings profile={viewer.profile} />
        </TabsContent>
        <TabsContent value="account">
          <AccountSettings viewer={viewer} />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsSettings />
        </TabsContent>
        <TabsContent value="privacy">
          <PrivacySettings />
        </TabsContent>
        <TabsContent value="developer">
          <Card>
            <CardHeader>
              <CardTitle as="h2">{SECURITY_MSG.tokensTitle}</CardTitle>
              <CardDescription>{SECURITY_MSG.tokensExplain}</CardDescription>
            </CardHeader>
            <CardContent>
              <TokensSettings />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
