import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';

/** Review moderation and member reports: replaced by part B (issue 20). */
export const moderationRoutes = (_deps: AppDeps) => new Hono<AppEnv>();
