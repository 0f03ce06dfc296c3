import {
  ZCreateIdea,
  ZCreateUpdate,
  ZCursorQuery,
  ZIdeaId,
  ZIdeaListQuery,
  ZUpdateFunding,
  ZUpdateIdea,
  ZUploadKind,
} from '@common/investing/schemas';
import { INVESTING_MSG } from '@common/investing/model';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { requireViewer } from '../../lib/viewer';
import { sendStoredFile } from '../../platform/files.routes';
import { withUpload } from '../../platform/uploads';
import {
  createIdea,
  deleteIdea,
  getIdea,
  listIdeas,
  listIndustries,
  setFollowing,
  updateFunding,
  updateIdea,
} from './ideas.service';
import {
  acceptUpload,
  listPitchDeckOpens,
  openPitchDeck,
  tooLarge,
  UPLOAD_MAX_BYTES,
  uploadIdeaFile,
} from './investing-files.service';
import type { InvestingDeps } from './investing-rows';
import { createUpdate, listUpdates } from './updates.service';

const id404 = validate('param', ZIdeaId, { status: 404 });

/** The investing board: sign-in routes, every read and write for a member. */
export function investingRoutes(deps: InvestingDeps) {
  return new Hono<AppEnv>()
    .get('/investing/ideas', validate('query', ZIdeaListQuery), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await listIdeas(deps, viewer, c.req.valid('query')));
    })
    .get('/investing/industries', async (c) => {
      const viewer = requireViewer(c);
      return c.json(await listIndustries(deps, viewer));
    })
    .post('/investing/ideas', validate('json', ZCreateIdea), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await createIdea(deps, viewer, c.req.valid('json')), 201);
    })
    .post('/investing/uploads/:kind', async (c) => {
      const viewer = requireViewer(c);
      const parsed = ZUploadKind.safeParse(c.req.param());
      if (!parsed.success) throw new AppError('NOT_FOUND');
      const { kind } = parsed.data;
      const max = UPLOAD_MAX_BYTES[kind];
      const uploaded = await withUpload(
        c,
        deps,
        viewer.id,
        {
          maxBytes: max,
          tooLarge: tooLarge(max),
          accept: acceptUpload(kind),
          // No file in the form: the generic uploader's words.
          missing: () =>
            new AppError('VALIDATION', INVESTING_MSG.selectFile, { file: INVESTING_MSG.selectFile }),
        },
        (file) => uploadIdeaFile(deps, viewer, kind, file),
      );
      return c.json(uploaded, 201);
    })
    .get('/investing/ideas/:id', id404, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await getIdea(deps, viewer, c.req.valid('param').id));
    })
    .patch('/investing/ideas/:id', id404, validate('json', ZUpdateIdea), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await updateIdea(deps, viewer, c.req.valid('param').id, c.req.valid('json')));
    })
    .delete('/investing/ideas/:id', id404, async (c) => {
      const viewer = requireViewer(c);
      await deleteIdea(deps, viewer, c.req.valid('param').id);
      return c.json({ ok: true as const });
    })
    .put('/investing/ideas/:id/funding', id404, validate('json', ZUpdateFunding), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await updateFunding(deps, viewer, c.req.valid('param').id, c.req.valid('json')));
    })
    .put('/investing/ideas/:id/follow', id404, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await setFollowing(deps, viewer, c.req.valid('param').id, true));
    })
    .delete('/investing/ideas/:id/follow', id404, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await setFollowing(deps, viewer, c.req.valid('param').id, false));
    })
    .get('/investing/ideas/:id/updates', id404, validate('query', ZCursorQuery), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await listUpdates(deps, viewer, c.req.valid('param').id, c.req.valid('query')));
    })
    .post('/investing/ideas/:id/updates', id404, validate('json', ZCreateUpdate), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await createUpdate(deps, viewer, c.req.valid('param').id, c.req.valid('json')), 201);
    })
    .get('/investing/ideas/:id/pitch-deck', id404, async (c) => {
      const viewer = requireViewer(c);
      // A PDF viewer reads a deck in ranges: only the first read of it counts as an opening.
      const range = c.req.header('range');
      const opening = c.req.method === 'GET' && (!range || /^bytes=0-/.test(range.trim()));
      const key = await openPitchDeck(deps, viewer, c.req.valid('param').id, { count: opening });
      const sent = await sendStoredFile(c, deps.storage, key, {
        'content-disposition': 'inline; filename="pitch-deck.pdf"',
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
      if (!sent) throw new AppError('NOT_FOUND');
      return sent;
    })
    .get('/investing/ideas/:id/pitch-deck/opens', id404, validate('query', ZCursorQuery), async (c) => {
      const viewer = requireViewer(c);
      return c.json(await listPitchDeckOpens(deps, viewer, c.req.valid('param').id, c.req.valid('query')));
    });
}
