import { INVESTING_MSG } from '@common/investing/model';
import { formatFundingPercent, formatUsd, fundingPercent } from '@common/investing/format';
import { Progress } from '@web/components/ui/progress';
import { cn } from '@web/lib/cn';

/**
 * An idea's funding: the bar (capped at 100%), the percentage with one decimal, and the amounts in
 * whole US dollars everywhere ('$22,500 of $150,000'), on cards and profiles as on the idea's page.
 */
export function FundingProgress({
  received,
  goal,
  className,
}: {
  received: number;
  goal: number;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{INVESTING_MSG.fundedOf(formatUsd(received), formatUsd(goal))}</span>
        <span className="tabular-nums text-muted-foreground">{formatFundingPercent(received, goal)}</span>
      </div>
      <Progress value={fundingPercent(received, goal)} label={INVESTING_MSG.fundingProgress} />
    </div>
  );
}
