import { ZLinkPreviewAnswer } from '@common/core/link-preview-schemas';
import type { ApiDocs } from '../../platform/openapi';

/** The link previews' routes as the OpenAPI document describes them (docs/decisions/024). */
export const linkPreviewsApiDocs: ApiDocs = {
  'GET /link-previews': {
    summary: 'The stored card of an address, if one was made (never fetches)',
    response: ZLinkPreviewAnswer,
    access: 'public',
  },
  'POST /link-previews': {
    summary: "Fetch (or reuse) an address's card for the composer",
    description:
      'Only http(s) on ports 80 and 443 to public addresses; a refused or failed fetch answers a null preview.',
    response: ZLinkPreviewAnswer,
  },
};
