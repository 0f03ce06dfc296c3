import { Briefcase, Coffee, Cpu, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ARTICLE_CATEGORY_LABELS, type ArticleCategory, type ArticleSummary } from '@common/articles/model';
import { displayName } from '@common/profiles/model';
import { imageVariantUrl } from '@common/core/uploads';
import { RelativeTime } from '@web/components/relative-time';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';

/** Links and buttons drawn above a card's stretched link, so they stay clickable on their own. */
export const ABOVE_STRETCHED = 'relative z-10';
/** The card's main link: its ::after covers the whole card. */
export const STRETCHED_LINK =
  'rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:underline';

const CATEGORY_ICONS: Record<ArticleCategory, LucideIcon> = {
  tech: Cpu,
  business: Briefcase,
  lifestyle: Coffee,
};

export function CategoryBadge({ category }: { category: ArticleCategory }) {
  return <Badge variant="secondary">{ARTICLE_CATEGORY_LABELS[category]}</Badge>;
}

/** A card's frame: hover lift, and the focus ring of its stretched link drawn around it. */
export function ArticleCardFrame({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Card
      className={cn(
        'relative flex h-full flex-col overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md',
        className,
      )}
    >
      {children}
    </Card>
  );
}

/** The featured image at the top of a card (the 800 px copy), or the category's icon instead. */
export function ArticleCardImage({ article }: { article: Pick<ArticleSummary, 'imageUrl' | 'category'> }) {
  if (article.imageUrl) {
    return (
      <img
        src={imageVariantUrl(article.imageUrl, 800)}
        alt=""
        loading="lazy"
        decoding="async"
        className="aspect-[2/1] w-full border-b border-border bg-muted object-cover"
      />
    );
  }
  const Icon = CATEGORY_ICONS[article.category];
  return (
    <div
      aria-hidden="true"
      className="flex aspect-[2/1] w-full items-center justify-center border-b border-border bg-secondary/60 text-secondary-foreground/60"
    >
      <Icon className="size-10" />
    </div>
  );
}

/** Who wrote it and when: avatar and name lead to their profile. */
export function ArticleByline({
  article,
  className,
}: {
  article: Pick<ArticleSummary, 'author' | 'publishedAt' | 'createdAt'>;
  className?: string;
}) {
  const name = displayName(article.author);
  const profileHref = `/profile/${article.author.id}`;
  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      {/* The name next to it is the same link for keyboards and screen readers. */}
      <Link to={profileHref} tabIndex={-1} aria-hidden="true" className={cn(ABOVE_STRETCHED, 'shrink-0')}>
        <Avatar src={imageVariantUrl(article.author.avatarUrl, 96)} name={name} className="size-7" />
      </Link>
      <Link
        to={profileHref}
        className={cn(
          ABOVE_STRETCHED,
          'min-w-0 truncate rounded-sm text-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring',
        )}
      >
        {name}
      </Link>
      <span aria-hidden="true" className="text-muted-foreground">
        ·
      </span>
      <RelativeTime value={article.publishedAt ?? article.createdAt} />
    </div>
  );
}
