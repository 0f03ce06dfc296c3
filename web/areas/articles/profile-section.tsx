import { Link } from 'react-router';
import { ARTICLE_CATEGORY_LABELS } from '@common/articles/model';
import { imageVariantUrl } from '@common/core/uploads';
import type { ProfileSectionProps } from '@web/app/areas/contract';
import { ProfileListSection } from '@web/components/profile-section-card';
import { RelativeTime } from '@web/components/relative-time';
import { useAuthorArticles } from './api/get-articles';

const PAGE_SIZE = 5;

/**
 * The 'Pages & Articles' section: a person's published articles on their profile; nothing while
 * loading or when there are none.
 */
export function AuthorArticles({ userId, title }: ProfileSectionProps) {
  const query = useAuthorArticles(userId, PAGE_SIZE);
  return (
    <ProfileListSection title={title} query={query}>
      {(items) => (
        <>
          <ul aria-label="Articles" className="flex flex-col divide-y divide-border">
            {items.map((article) => (
              <li key={article.id} className="flex min-w-0 items-start gap-3 py-3 first:pt-0 last:pb-0">
                {article.imageUrl ? (
                  <img
                    src={imageVariantUrl(article.imageUrl, 800)}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] w-20 shrink-0 rounded-md border border-border bg-muted object-cover"
                  />
                ) : null}
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <Link
                    to={`/articles/${article.id}`}
                    className="rounded-sm font-medium break-words outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {article.title}
                  </Link>
                  <p className="line-clamp-2 text-sm break-words text-muted-foreground">{article.preview}</p>
                  <div className="flex items-center gap-1.5 text-xs text-muted-foreground">
                    <span>{ARTICLE_CATEGORY_LABELS[article.category]}</span>
                    <span aria-hidden="true">·</span>
                    <RelativeTime value={article.publishedAt ?? article.createdAt} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </ProfileListSection>
  );
}
