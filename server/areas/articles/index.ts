import { ARTICLE_FEED_SIGN_IN } from '@common/articles/model';
import { defineArea } from '../../platform/area';
import { exportArticles } from './articles.export';
import { articlesApiDocs } from './articles.api';
import { articleRoutes } from './articles.routes';
import { articleContentTarget, articleSearch } from './articles.register';
import { articleReportTarget } from './articles.reports';
import { removeAuthorArticles } from './articles.service';
import { demo } from './articles.demo';
import { followedArticlesDigest } from './articles.digest';

/** The one way an article is deleted (its author, or a super admin from the admin area). */
export { deleteArticle } from './articles.service';

/** Articles: drafts, publishing to the feed, reactions and comments, search. */
export const articlesArea = defineArea({
  name: 'articles',
  demo,
  routes: articleRoutes,
  api: articlesApiDocs,
  pageReads: [{ page: '/articles/:articleId', api: '/api/articles/:articleId' }],
  exportData: exportArticles,
  register(ctx) {
    ctx.registerDigestSection(followedArticlesDigest);
    // Published articles go on the feed (publishToFeed, with their page as the link).
    ctx.registerFeedKind({
      kind: 'article',
      category: 'articles',
      label: 'Article',
      signInAction: ARTICLE_FEED_SIGN_IN,
      engagement: 'article',
    });
    ctx.registerSearchProvider(articleSearch);
    ctx.registerContentTarget(articleContentTarget);
    ctx.registerReportTarget(articleReportTarget);
  },
  async onAccountDeleted(tx, userId, { bus }) {
    // Their articles go with their reactions and comments; the featured images after commit.
    return { files: await removeAuthorArticles({ db: tx, bus }, userId) };
  },
});
