import { z } from 'zod';
import { LINK_PREVIEW_LIMITS } from './link-previews';

/** POST /api/link-previews (the composer) and GET /api/link-previews?url= (a shown card). */
export const ZLinkPreviewQuery = z.object({
  url: z.string().trim().min(1).max(LINK_PREVIEW_LIMITS.urlMax),
});

export const ZLinkPreview = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  siteName: z.string().nullable(),
  imageUrl: z.string().nullable(),
});

/** null: no card (never fetched, refused, failed, or no title): the plain link shows. */
export const ZLinkPreviewAnswer = z.object({ preview: ZLinkPreview.nullable() });
