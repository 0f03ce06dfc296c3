import { ThumbsUp } from 'lucide-react';
import type { WebAreaModule } from '@web/app/areas/contract';

/** No pages of its own: other areas' pages show the reaction bar. */
export const reactionsModule: WebAreaModule = { id: 'reactions', notificationIcons: { reaction: ThumbsUp } };
