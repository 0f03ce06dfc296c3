import type { Profile } from '@common/api-types';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/** Profile tab: the same form as editing one's own profile. */
export function ProfileSettings({ profile }: { profile: Profile }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Profile</CardTitle>
        <CardDescription>How others see you on Cofound.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">@{profile.username}</p>
      </CardContent>
    </Card>
  );
}
