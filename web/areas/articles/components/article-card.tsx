import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { ARTICLE_MSG, type ArticleSummary } from '@common/articles/model';
import { useSignInPrompt } from '@web/app/providers/sign-in-prompt';
import {
  ArticleByline,
  ArticleCardFrame,
  ArticleCardImage,
  CategoryBadge,
  STRETCHED_LINK,
} from './card-parts';

/** A published article in a list: picture, category, title (the card's link), preview, author. */
export function ArticleCard({ article, isVisitor }: { article: ArticleSummary; isVisitor: boolean }) {
  const { prompt } = useSignInPrompt();
  const onOpen = (event: MouseEvent) => {
    if (!isVisitor) return;
    event.preventDefault();
    prompt(ARTICLE_MSG.signInAction);
  };

  return (
    <ArticleCardFrame>
      <ArticleCardImage article={article} />
      <div className="flex flex-1 flex-col p-4">
        <CategoryBadge category={article.category} />
        <h3 className="mt-2 text-base leading-snug font-semibold break-words">
          <Link to={`/articles/${article.id}`} onClick={onOpen} className={STRETCHED_LINK}>
            {article.title}
          </Link>
        </h3>
        <p className="mt-1.5 text-sm break-words text-muted-foreground">{article.preview}</p>
        <ArticleByline article={article} className="mt-auto pt-4" />
      </div>
    </ArticleCardFrame>
  );
}
