// Minimal admin area for the moderation work (part B); part A's index.ts replaces it at merge.
import { defineArea } from '../../platform/area';
import { moderationDemo } from './moderation.demo';
import { registerModeration } from './moderation.register';
import { moderationRoutes } from './moderation.routes';

export const adminArea = defineArea({
  name: 'admin',
  routes: moderationRoutes,
  register: registerModeration,
  demo: moderationDemo,
});
