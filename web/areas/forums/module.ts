import { MessagesSquare } from 'lucide-react';
import { comingSoon } from '@web/app/areas/coming-soon';
import type { WebAreaModule } from '@web/app/areas/contract';

/** Not built yet: its routes show the "coming soon" page. */
export const forumsModule: WebAreaModule = {
  id: 'forums',
  routes: [
    comingSoon('/forums', 'public', 'Forums'),
    comingSoon('/forums/group/:groupId', 'public', 'Forums', 'Forum Group'),
    // DECISIONS 5: both /forums/post/{id} and /forums/{postId} open a forum post.
    comingSoon('/forums/post/:postId', 'public', 'Forums', 'Forum Post'),
    comingSoon('/forums/:postId', 'public', 'Forums', 'Forum Post'),
    comingSoon('/forums/create-group', 'signed-in', 'Create Forum Group'),
  ],
  nav: [{ to: '/forums', label: 'Forums', icon: MessagesSquare, signedInOnly: true, order: 50 }],
};
