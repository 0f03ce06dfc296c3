import { MessagesSquare } from 'lucide-react';
import type { WebAreaModule } from '@web/app/areas/contract';

const postPage = async () => ({ Component: (await import('./pages/forum-post-page')).ForumPostPage });

/** Forum groups: the list, create, a group's page, a post's page, and the profile's communities. */
export const forumsModule: WebAreaModule = {
  id: 'forums',
  feedFilters: [{ category: 'forums', label: 'Forums', order: 50 }],
  routes: [
    {
      path: '/forums',
      access: 'public',
      handle: { title: 'Forums' },
      lazy: async () => ({ Component: (await import('./pages/forums-page')).ForumsPage }),
    },
    {
      path: '/forums/create-group',
      access: 'signed-in',
      handle: { title: 'Create Forum Group' },
      lazy: async () => ({
        Component: (await import('./pages/create-forum-group-page')).CreateForumGroupPage,
      }),
    },
    {
      path: '/forums/group/:groupId',
      access: 'public',
      handle: { title: 'Forum Group' },
      lazy: async () => ({ Component: (await import('./pages/forum-group-page')).ForumGroupPage }),
    },
    // Both /forums/post/{id} and /forums/{postId} open a forum post.
    { path: '/forums/post/:postId', access: 'public', handle: { title: 'Forum Post' }, lazy: postPage },
    { path: '/forums/:postId', access: 'public', handle: { title: 'Forum Post' }, lazy: postPage },
  ],
  nav: [{ to: '/forums', label: 'Forums', icon: MessagesSquare, signedInOnly: true, order: 50 }],
  profileSections: [
    {
      id: 'forums',
      order: 31,
      title: 'Communities',
      card: 'communities',
      load: async () => (await import('./profile-section')).MemberForums,
    },
  ],
};
