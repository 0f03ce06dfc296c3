import { ZLinkPreviewQuery } from '@common/core/link-preview-schemas';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';

/**
 * Link previews (docs/decisions/028). A shown card reads the stored row (anyone who can see the
 * content may see its card; nothing is fetched); the composer asks for a page to be fetched
 * (members only, counted per account).
 */
export function linkPreviewRoutes(deps: Pick<AppDeps, 'linkPreviews'>) {
  return new Hono<AppEnv>()
    .get('/link-previews', validate('query', ZLinkPreviewQuery), async (c) =>
      c.json({ preview: await deps.linkPreviews.cached(c.req.valid('query').url) }),
    )
    .post('/link-previews', validate('json', ZLinkPreviewQuery), async (c) => {
      const viewer = requireViewer(c);
      return c.json({ preview: await deps.linkPreviews.forComposer(viewer.id, c.req.valid('json').url) });
    });
}
