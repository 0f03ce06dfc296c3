import type { Context } from 'hono';
import type { AppEnv, Viewer } from './context';
import { AppError } from './errors';

/** The signed-in person, or a 401 for visitors. */
export function requireViewer(c: Context<AppEnv>): Viewer {
  const viewer = c.get('viewer');
  if (!viewer) throw new AppError('UNAUTHENTICATED');
  return viewer;
}
