import { ZOk } from '@common/core/api-schemas';
import {
  ZIdea,
  ZIdeaIndustries,
  ZIdeaPage,
  ZIdeaUpdate,
  ZIdeaUpdatePage,
  ZPitchDeckOpenPage,
  ZUploadedFile,
} from '@common/investing/responses';
import type { ApiDocs } from '../../platform/openapi';

/** The investing area's routes as the OpenAPI document describes them (docs/decisions/024). */
export const investingApiDocs: ApiDocs = {
  'GET /investing/ideas': { summary: 'List business ideas', response: ZIdeaPage },
  'GET /investing/industries': {
    summary: 'Industries that have business ideas (the board’s tabs)',
    response: ZIdeaIndustries,
  },
  'POST /investing/ideas': { summary: 'Publish a business idea', response: ZIdea, status: 201 },
  'POST /investing/uploads/:kind': {
    summary: 'Upload an idea’s picture, video or pitch deck',
    response: ZUploadedFile,
    status: 201,
    body: 'multipart/form-data',
  },
  'GET /investing/ideas/:id': { summary: 'Read one business idea', response: ZIdea },
  'PATCH /investing/ideas/:id': { summary: 'Edit a business idea', response: ZIdea },
  'DELETE /investing/ideas/:id': { summary: 'Delete a business idea', response: ZOk },
  'PUT /investing/ideas/:id/funding': { summary: 'Record funding received', response: ZIdea },
  'PUT /investing/ideas/:id/follow': { summary: 'Follow a business idea', response: ZIdea },
  'DELETE /investing/ideas/:id/follow': { summary: 'Unfollow a business idea', response: ZIdea },
  'GET /investing/ideas/:id/updates': { summary: 'A business idea’s updates', response: ZIdeaUpdatePage },
  'POST /investing/ideas/:id/updates': {
    summary: 'Post an update on a business idea',
    response: ZIdeaUpdate,
    status: 201,
  },
  'GET /investing/ideas/:id/pitch-deck': {
    summary: 'Open an idea’s pitch deck (PDF, ranges)',
    response: null,
    produces: 'application/octet-stream',
  },
  'GET /investing/ideas/:id/pitch-deck/opens': {
    summary: 'Who opened an idea’s pitch deck',
    response: ZPitchDeckOpenPage,
  },
};
