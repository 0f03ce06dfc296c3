import { Link } from 'react-router';
import { INDUSTRY_LABELS } from '@common/investing/model';
import type { ProfileSectionProps } from '@web/app/areas/contract';
import { ProfileListSection } from '@web/components/profile-section-card';
import { useFounderIdeas } from './api/get-ideas';
import { FundingProgress } from './components/funding-progress';

const PAGE_SIZE = 5;

/** The profile's investments slot: the person's ideas with their funding; nothing while empty. */
export function FounderIdeas({ userId, title }: ProfileSectionProps) {
  const query = useFounderIdeas(userId, PAGE_SIZE);
  return (
    <ProfileListSection title={title} query={query}>
      {(items) => (
        <>
          <ul aria-label="Business ideas" className="flex flex-col divide-y divide-border">
            {items.map((idea) => (
              <li key={idea.id} className="grid gap-2 py-3 first:pt-0 last:pb-0">
                <div className="flex min-w-0 items-baseline justify-between gap-2">
                  <Link
                    to={`/investing/${idea.id}`}
                    className="min-w-0 rounded-sm font-medium break-words outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {idea.title}
                  </Link>
                  <span className="shrink-0 text-xs text-muted-foreground">
                    {INDUSTRY_LABELS[idea.industry]}
                  </span>
                </div>
                <FundingProgress received={idea.fundingReceived} goal={idea.fundingGoal} />
              </li>
            ))}
          </ul>
        </>
      )}
    </ProfileListSection>
  );
}
