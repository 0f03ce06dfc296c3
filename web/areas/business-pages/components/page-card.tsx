import { BadgeCheck, Building2, Users } from 'lucide-react';
import { Link } from 'react-router';
import { BUSINESS_MSG, businessPagePath, type BusinessPageSummary } from '@common/business-pages/model';
import { imageVariantUrl } from '@common/core/uploads';
import { GeneratedCover } from '@web/components/generated-cover';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';

/** A page's card in the list: name, verified tick, category, followers and 'View Page'. */
export function PageCard({ page }: { page: BusinessPageSummary }) {
  const headingId = `business-${page.id}`;
  return (
    <Card className="flex h-full flex-col overflow-hidden" aria-labelledby={headingId} role="article">
      <div className="relative h-24 bg-muted">
        {page.coverImage ? (
          <img
            src={imageVariantUrl(page.coverImage, 750)}
            alt=""
            loading="lazy"
            className="size-full object-cover"
          />
        ) : (
          <GeneratedCover title={page.name} icon={Building2} className="size-full" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        {/* Positioned, so it is drawn over the (positioned) cover it overlaps. */}
        <div className="relative -mt-10 flex items-end gap-3">
          <div className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg border-2 border-card bg-secondary">
            {page.profileImage ? (
              <img src={imageVariantUrl(page.profileImage, 96)} alt="" className="size-full object-cover" />
            ) : (
              <Building2 aria-hidden="true" className="size-6 text-muted-foreground" />
            )}
          </div>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="flex items-center gap-1 text-lg font-semibold break-words">
            <Link
              to={businessPagePath(page.id)}
              className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {page.name}
            </Link>
            {page.isVerified ? (
              <BadgeCheck
                role="img"
                aria-label={BUSINESS_MSG.verified}
                className="size-5 shrink-0 text-primary"
              />
            ) : null}
          </h2>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant="secondary">{page.category}</Badge>
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden="true" className="size-4" />
              {BUSINESS_MSG.followers(page.followers)}
            </span>
          </div>
          <p className="line-clamp-2 text-sm break-words text-muted-foreground">{page.description}</p>
        </div>
        <Button asChild variant="outline" className="mt-auto w-full">
          <Link to={businessPagePath(page.id)} aria-label={`${BUSINESS_MSG.viewPage}: ${page.name}`}>
            {BUSINESS_MSG.viewPage}
          </Link>
        </Button>
      </div>
    </Card>
  );
}

/** A card's shape while the list loads. */
export function PageCardSkeleton() {
  return (
    <Card className="flex h-64 flex-col gap-3 overflow-hidden" aria-hidden="true">
      <div className="h-24 animate-pulse bg-muted" />
      <div className="flex flex-col gap-2 px-4">
        <div className="h-5 w-2/3 animate-pulse rounded bg-muted" />
        <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
        <div className="h-4 w-full animate-pulse rounded bg-muted" />
      </div>
    </Card>
  );
}
