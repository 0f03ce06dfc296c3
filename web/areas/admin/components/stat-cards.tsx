import { ADMIN_MSG, type AdminStats } from '@common/admin/model';
import { Card } from '@web/components/ui/card';
import { useAdminStats } from '../api/get-stats';

const CARDS: { key: keyof AdminStats; label: string }[] = [
  { key: 'members', label: ADMIN_MSG.stats.members },
  { key: 'newMembersThisWeek', label: ADMIN_MSG.stats.newMembers },
  { key: 'articles', label: ADMIN_MSG.stats.articles },
  { key: 'pendingReviews', label: ADMIN_MSG.stats.pendingReviews },
  { key: 'openReports', label: ADMIN_MSG.stats.openReports },
];

/** The dashboard's live figures (real counts: docs/product-rules.md: every feature is a real write). */
export function StatCards() {
  const stats = useAdminStats();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Statistics">
      {CARDS.map(({ key, label }) => (
        <li key={key}>
          <Card className="gap-1 p-4">
            <p className="text-sm text-muted-foreground">{label}</p>
            <p className="text-2xl font-semibold tabular-nums" data-stat={key}>
              {stats.data ? stats.data[key].toLocaleString('en-US') : '–'}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
