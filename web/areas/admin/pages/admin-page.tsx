import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ADMIN_MSG, ADMIN_TOPIC } from '@common/admin/model';
import { MODERATION_TOPIC } from '@common/admin/moderation';
import { topic } from '@common/core/realtime';
import { loadDigestsAdminTab } from '@web/areas/digests/public';
import { useMe } from '@web/lib/me';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useLiveTopic, useRealtimeEvent, useTopic } from '@web/lib/realtime/use-realtime';
import { adminKeys } from '../api/query-keys';
import { ArticlesTab } from '../components/articles-tab';
import { AuditTab } from '../components/audit-tab';
import { StatCards } from '../components/stat-cards';
import { UsersTab } from '../components/users-tab';

// Part B's tabs, loaded when opened.
const ReviewsTab = lazy(() => import('../tabs/reviews-tab'));
const ReportsTab = lazy(() => import('../tabs/reports-tab'));
const DigestsTab = lazy(loadDigestsAdminTab);

const TABS = ['users', 'articles', 'reviews', 'reports', 'digests', 'audit'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.some((t) => t === value);

/** Keeps the dashboard live: its own topic (super admins only) and the feed's new articles. */
function useLiveDashboard() {
  const queryClient = useQueryClient();
  const refetch = (key: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey: key });
  useLiveTopic(ADMIN_TOPIC, () => refetch(adminKeys.all));
  useTopic(topic.feed);
  useRealtimeEvent('admin.changed', (e) => {
    refetch(adminKeys.stats());
    refetch(adminKeys.audit());
    if (e.part === 'users') refetch(adminKeys.users());
    if (e.part === 'articles') refetch(adminKeys.articles());
  });
  useRealtimeEvent('feed.published', (e) => {
    if (e.category !== 'articles') return;
    refetch(adminKeys.stats());
    refetch(adminKeys.articles());
  });
  useRealtimeEvent('feed.removed', () => refetch(adminKeys.stats()));
  // Pending reviews and open reports (part B's queues, whose tabs refetch themselves).
  useLiveTopic(MODERATION_TOPIC, () => refetch(adminKeys.stats()));
  useRealtimeEvent('moderation.changed', () => {
    refetch(adminKeys.stats());
    refetch(adminKeys.audit());
  });
}

function AccessDenied() {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <ShieldAlert aria-hidden="true" className="size-10 text-destructive-text" />
      <h1 className="text-2xl font-semibold">{ADMIN_MSG.accessDenied}</h1>
      <p className="text-muted-foreground">{ADMIN_MSG.noPermission}</p>
    </div>
  );
}

function Dashboard() {
  useLiveDashboard();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'users';
  const selectTab = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-3 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">{ADMIN_MSG.heading}</h1>
      <StatCards />
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList className="flex h-auto w-full flex-wrap justify-start gap-1">
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value} className="h-9 flex-1 sm:flex-none">
              {ADMIN_MSG.tabs[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="articles">
          <ArticlesTab />
        </TabsContent>
        <TabsContent value="reviews">
          <Suspense fallback={<Spinner label="Loading" />}>
            <ReviewsTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="reports">
          <Suspense fallback={<Spinner label="Loading" />}>
            <ReportsTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="digests">
          <Suspense fallback={<Spinner label="Loading" />}>
            <DigestsTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** /admin: the super-admin dashboard; anyone else signed in sees Access Denied (visitors: /auth). */
export function AdminPage() {
  const { viewer, isLoading } = useMe();
  if (isLoading) return <PageSpinner />;
  if (!viewer?.profile.isSuperAdmin) return <AccessDenied />;
  return <Dashboard />;
}
