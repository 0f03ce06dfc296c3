import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { businessPagePath } from '@common/business-pages/model';
import { imageVariantUrl } from '@common/core/uploads';
import type { ProfileSectionProps } from '@web/app/areas/contract';
import { useMe } from '@web/lib/me';
import { ProfileListSection } from '@web/components/profile-section-card';
import { useBusinessPages } from './api/get-business-pages';

/** The owner's business pages in the 'Pages & Articles' slot; nothing while loading or when none. */
export function OwnerPages({ userId }: ProfileSectionProps) {
  const { viewer } = useMe();
  const query = useBusinessPages({ owner: userId }, viewer?.id ?? null, 5);
  return (
    <ProfileListSection title="Business Pages" query={query}>
      {(items) => (
        <>
          <ul aria-label="Business Pages" className="flex flex-col divide-y divide-border">
            {items.map((page) => (
              <li key={page.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <div className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md bg-secondary">
                  {page.profileImage ? (
                    <img
                      src={imageVariantUrl(page.profileImage, 96)}
                      alt=""
                      className="size-full object-cover"
                    />
                  ) : (
                    <Building2 aria-hidden="true" className="size-5 text-muted-foreground" />
                  )}
                </div>
                <div className="flex min-w-0 flex-col">
                  <Link to={businessPagePath(page.id)} className="truncate font-medium hover:underline">
                    {page.name}
                  </Link>
                  <span className="text-xs text-muted-foreground">{page.category}</span>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </ProfileListSection>
  );
}
