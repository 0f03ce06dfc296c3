import { MessageSquare } from 'lucide-react';
import type { WebAreaModule } from '@web/app/areas/contract';

/** No pages of its own: other areas' pages show the comment section. */
export const commentsModule: WebAreaModule = {
  id: 'comments',
  notificationIcons: { comment: MessageSquare },
};
