import { FileText } from 'lucide-react';
import type { WebAreaModule } from '@web/app/areas/contract';

export const articlesModule: WebAreaModule = {
  welcomeCards: [
    {
      to: '/articles',
      title: 'Articles',
      text: 'Read insights, stories and lessons from founders, investors and industry experts.',
      icon: FileText,
      order: 10,
    },
  ],
  id: 'articles',
  feedFilters: [{ category: 'articles', label: 'Articles', order: 20 }],
  routes: [
    {
      path: '/articles',
      access: 'public',
      handle: { title: 'Articles' },
      lazy: async () => {
        const { ArticlesPage } = await import('./pages/articles-page');
        return { Component: ArticlesPage };
      },
    },
    // Members read an article; a visitor with a link is asked to sign in on the page itself.
    {
      path: '/articles/:articleId',
      access: 'public',
      handle: { title: 'Article' },
      lazy: async () => {
        const { ArticlePage } = await import('./pages/article-page');
        return { Component: ArticlePage };
      },
    },
  ],
  nav: [{ to: '/articles', label: 'Articles', icon: FileText, signedInOnly: true, order: 40 }],
  profileSections: [
    {
      id: 'articles',
      order: 10,
      title: 'Pages & Articles',
      load: async () => (await import('./profile-section')).AuthorArticles,
    },
  ],
};
