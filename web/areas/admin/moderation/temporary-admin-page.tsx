import { lazy, Suspense } from 'react';
import { MODERATION_MSG } from '@common/admin/moderation';
import { useMe } from '@web/areas/auth/api/get-me';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';

const ReviewsTab = lazy(() => import('../tabs/reviews-tab'));
const ReportsTab = lazy(() => import('../tabs/reports-tab'));

/**
 * Part B's stand-in for the admin page, so the two moderation tabs can be seen and tested in this
 * branch. Part A's admin page (with its own tabs, stat cards and access rules) replaces it at merge.
 */
export function TemporaryAdminPage() {
  const { viewer, isLoading } = useMe();
  if (isLoading) return <PageSpinner />;
  if (!viewer?.profile.isSuperAdmin)
    return (
      <div className="mx-auto max-w-md py-16 text-center">
        <h1 className="text-2xl font-semibold">{MODERATION_MSG.accessDenied}</h1>
        <p className="mt-2 text-muted-foreground">{MODERATION_MSG.noPermission}</p>
      </div>
    );
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Super Admin Dashboard</h1>
      <Tabs defaultValue="reviews">
        <TabsList>
          <TabsTrigger value="reviews">{MODERATION_MSG.tabReviews}</TabsTrigger>
          <TabsTrigger value="reports">{MODERATION_MSG.tabReports}</TabsTrigger>
        </TabsList>
        <TabsContent value="reviews">
          <Suspense fallback={<PageSpinner />}>
            <ReviewsTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="reports">
          <Suspense fallback={<PageSpinner />}>
            <ReportsTab />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
