import { z } from 'zod';
import { answers, zPage, ZIsoDate } from '../core/api-schemas';
import { ZPersonSummary } from '../profiles/responses';
import {
  INDUSTRIES,
  MEDIA_TYPES,
  RISKS,
  type Idea,
  type IdeaIndustries,
  type IdeaPage,
  type IdeaUpdate,
  type IdeaUpdatePage,
  type PitchDeckOpenPage,
  type UploadedFile,
} from './model';

/* The investing area's answers (server/areas/investing/investing.api.ts), each tied to its type in model.ts. */

const ZIdeaSummary = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  industry: z.enum(INDUSTRIES),
  risk: z.enum(RISKS),
  fundingGoal: z.number(),
  fundingReceived: z.number(),
  equityOffered: z.number().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
  author: ZPersonSummary,
  isOwner: z.boolean(),
});

export const ZIdeaPage = answers<IdeaPage>()(zPage(ZIdeaSummary));

export const ZIdeaIndustries = answers<IdeaIndustries>()(
  z.strictObject({ industries: z.array(z.enum(INDUSTRIES)) }),
);

export const ZIdea = answers<Idea>()(
  ZIdeaSummary.extend({
    location: z.string().nullable(),
    website: z.string().nullable(),
    videoUrl: z.string().nullable(),
    hasPitchDeck: z.boolean(),
    followers: z.number(),
    isFollowing: z.boolean(),
  }),
);

export const ZUploadedFile = answers<UploadedFile>()(
  z.strictObject({ url: z.string(), mediaType: z.enum([...MEDIA_TYPES, 'pdf']) }),
);

export const ZIdeaUpdate = answers<IdeaUpdate>()(
  z.strictObject({
    id: z.string(),
    ideaId: z.string(),
    title: z.string(),
    content: z.string(),
    mediaUrl: z.string().nullable(),
    mediaType: z.enum(MEDIA_TYPES).nullable(),
    createdAt: ZIsoDate,
    author: ZPersonSummary,
  }),
);

export const ZIdeaUpdatePage = answers<IdeaUpdatePage>()(zPage(ZIdeaUpdate));

export const ZPitchDeckOpenPage = answers<PitchDeckOpenPage>()(
  zPage(
    z.strictObject({
      person: ZPersonSummary,
      firstOpenedAt: ZIsoDate,
      lastOpenedAt: ZIsoDate,
      opens: z.number(),
    }),
  ),
);
