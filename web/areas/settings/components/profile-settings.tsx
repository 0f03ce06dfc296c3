import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Profile } from '@common/core/api-types';
import { loadProfileForm } from '@web/areas/profiles/public';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';

// The profiles area's form, in its own chunk (shared with the profile page).
const ProfileForm = lazy(() => loadProfileForm().then((m) => ({ default: m.ProfileForm })));

/** Profile tab: the same form as editing one's own profile on the profile page. */
export function ProfileSettings({ profile }: { profile: Profile }) {
  const [version, setVersion] = useState(0);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle as="h2">Profile</CardTitle>
          <CardDescription>How others see you on Cofound.</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/profile">View profile</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {/*
          After a save, start again from what the server kept (merged skills). Only then: an avatar
          upload also changes the profile, and must not throw away fields being typed.
        */}
        <Suspense fallback={<PageSpinner />}>
          <ProfileForm key={version} profile={profile} onSaved={() => setVersion((v) => v + 1)} />
        </Suspense>
      </CardContent>
    </Card>
  );
}
