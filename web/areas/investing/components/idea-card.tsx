import { Lightbulb } from 'lucide-react';
import { Link } from 'react-router';
import { INDUSTRY_LABELS, INVESTING_MSG, type IdeaSummary } from '@common/investing/model';
import { formatEquity } from '@common/investing/format';
import { imageVariantUrl } from '@common/core/uploads';
import { displayName } from '@common/profiles/model';
import { GeneratedCover } from '@web/components/generated-cover';
import { RelativeTime } from '@web/components/relative-time';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { FundingProgress } from './funding-progress';

/**
 * An idea on the board: picture or a generated cover (docs/decisions/033), title, industry badge,
 * author and relative time, funding progress, equity, the owner's 'Update Funding' and 'Contact'.
 * The title leads to the idea's page.
 */
export function IdeaCard({
  idea,
  onUpdateFunding,
  onContact,
}: {
  idea: IdeaSummary;
  onUpdateFunding: (idea: IdeaSummary) => void;
  onContact: (idea: IdeaSummary) => void;
}) {
  const href = `/investing/${idea.id}`;
  const name = displayName(idea.author);
  return (
    <Card className="flex w-full min-w-0 flex-col overflow-hidden" aria-labelledby={`idea-${idea.id}`}>
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
        {idea.imageUrl ? (
          <img
            src={imageVariantUrl(idea.imageUrl, 800)}
            alt=""
            loading="lazy"
            decoding="async"
            className="aspect-[2/1] w-full bg-muted object-cover"
          />
        ) : (
          <GeneratedCover title={idea.title} icon={Lightbulb} className="aspect-[2/1]" />
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 id={`idea-${idea.id}`} className="min-w-0 text-lg leading-snug font-semibold break-words">
            <Link
              to={href}
              className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {idea.title}
            </Link>
          </h2>
          <Badge variant="secondary">{INDUSTRY_LABELS[idea.industry]}</Badge>
        </div>
        <div className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
          <Avatar src={idea.author.avatarUrl} name={name} className="size-7" />
          <Link
            to={`/profile/${idea.author.id}`}
            className="truncate font-medium text-foreground hover:underline"
          >
            {name}
          </Link>
          <span aria-hidden="true">·</span>
          <RelativeTime value={idea.createdAt} className="shrink-0" />
        </div>
        <FundingProgress received={idea.fundingReceived} goal={idea.fundingGoal} />
        {idea.equityOffered !== null ? (
          <p className="text-sm">{INVESTING_MSG.equityOffered(formatEquity(idea.equityOffered))}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {idea.isOwner ? (
            <Button variant="outline" size="sm" onClick={() => onUpdateFunding(idea)}>
              {INVESTING_MSG.updateFunding}
            </Button>
          ) : (
            <Button
              size="sm"
              onClick={() => onContact(idea)}
              aria-label={`${INVESTING_MSG.contact} ${name} about ${idea.title}`}
            >
              {INVESTING_MSG.contact}
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
