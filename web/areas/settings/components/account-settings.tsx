import type { Viewer } from '@web/lib/me';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { SECURITY_MSG } from '@common/auth/security';
import { ChangePasswordForm } from './change-password-form';
import { PasskeysSettings } from './passkeys-settings';
import { SessionsSettings } from './sessions-settings';
import { TwoFactorSettings } from './two-factor-settings';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * Account tab: the address signed in with, Change Password, two-step sign-in, passkeys, where the
 * member is signed in, and the danger zone.
 */
export function AccountSettings({ viewer }: { viewer: Viewer }) {
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Account</CardTitle>
          <CardDescription>The address you sign in with and where we send mail.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-medium">Email</dt>
            <dd className="-mt-3 break-all text-muted-foreground sm:mt-0">{viewer.email}</dd>
            <dt className="font-medium">Username</dt>
            <dd className="-mt-3 break-all text-muted-foreground sm:mt-0">@{viewer.profile.username}</dd>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2" id="change-password-heading">
            Change Password
          </CardTitle>
          <CardDescription>Enter your current password, then choose a new one.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">{SECURITY_MSG.twoFactorTitle}</CardTitle>
          <CardDescription>{SECURITY_MSG.twoFactorExplain}</CardDescription>
        </CardHeader>
        <CardContent>
          <TwoFactorSettings enabled={viewer.twoFactorEnabled} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">{SECURITY_MSG.passkeysTitle}</CardTitle>
          <CardDescription>{SECURITY_MSG.passkeysExplain}</CardDescription>
        </CardHeader>
        <CardContent>
          <PasskeysSettings />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">{SECURITY_MSG.sessionsTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          <SessionsSettings />
        </CardContent>
      </Card>

      <Card className="border-destructive-text/40">
        <CardHeader>
          <CardTitle as="h2" className="text-destructive-text">
            Danger zone
          </CardTitle>
          <CardDescription>
            Deleting your account removes your profile, connections, notifications and settings. Messages you
            sent stay in the other person&apos;s conversation, under &lsquo;A former member&rsquo;.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DeleteAccountDialog />
        </CardContent>
      </Card>
    </div>
  );
}
