import { z } from 'zod';
import { pointsAtApi } from '../core/api-links';
import { completeUrl } from '../core/web-links';
import {
  EDIT_INDUSTRIES,
  INDUSTRIES,
  INVESTING,
  INVESTING_MSG,
  MEDIA_TYPES,
  RISKS,
  SUBMIT_INDUSTRIES,
} from './model';

/**
 * One schema per form and query, run by both the forms and the API (docs/product-rules.md: rules on the
 * server).
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((s) => (s ? s : null));

/** Our own upload addresses (the server checks each is the viewer's). */
const optionalUrl = z
  .string()
  .max(500)
  .nullish()
  .transform((s) => s || null);

const ZTitle = z
  .string({ error: INVESTING_MSG.titleMin })
  .trim()
  .min(INVESTING.titleMin, { error: INVESTING_MSG.titleMin })
  .max(INVESTING.titleMax, { error: INVESTING_MSG.titleMax });

const ZDescription = z
  .string({ error: INVESTING_MSG.descriptionMin })
  .trim()
  .min(INVESTING.descriptionMin, { error: INVESTING_MSG.descriptionMin })
  .max(INVESTING.descriptionMax, { error: INVESTING_MSG.descriptionMax });

/** A number (a form's text is coerced): at least $1,000. */
const ZFundingGoal = z.coerce
  .number({ error: INVESTING_MSG.fundingGoalNumber })
  .refine(Number.isFinite, { error: INVESTING_MSG.fundingGoalNumber })
  .refine((n) => n >= INVESTING.fundingGoalMin, { error: INVESTING_MSG.fundingGoalMin })
  .refine((n) => n <= INVESTING.moneyMax, { error: INVESTING_MSG.moneyMax });

const onStep = (n: number, step: number) => Math.abs(Math.round(n / step) * step - n) < 1e-9;

/** Optional; 0.1 to 100 in steps of 0.1. An empty field is no equity stated. */
const ZEquity = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce
    .number({ error: INVESTING_MSG.equityRange })
    .refine((n) => n >= INVESTING.equityMin && n <= INVESTING.equityMax, { error: INVESTING_MSG.equityRange })
    .refine((n) => onStep(n, INVESTING.equityStep), { error: INVESTING_MSG.equityStep })
    .nullable(),
);

const ZWebsite = z
  .string()
  .trim()
  .max(INVESTING.websiteMax)
  .nullish()
  // Typed without https:// (example.com): completed, then checked like any address.
  .transform((s) => (s ? completeUrl(s) : null))
  .refine((s) => s === null || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(s), {
    error: INVESTING_MSG.websiteInvalid,
  })
  // Never an address into this site's API: the link is a request with the reader's cookies.
  .refine((s) => s === null || !pointsAtApi(s), { error: INVESTING_MSG.websiteInvalid });

/** The submit form. */
export const ZCreateIdea = z.strictObject({
  title: ZTitle,
  description: ZDescription,
  fundingGoal: ZFundingGoal,
  industry: z.enum(SUBMIT_INDUSTRIES, { error: INVESTING_MSG.industryRequired }),
  equityOffered: ZEquity.default(null),
  risk: z.enum(RISKS).default('medium'),
  location: optionalText(INVESTING.locationMax),
  imageUrl: optionalUrl,
  videoUrl: optionalUrl,
  pitchDeckUrl: optionalUrl,
});
export type CreateIdea = z.input<typeof ZCreateIdea>;
export type CreateIdeaData = z.output<typeof ZCreateIdea>;

/**
 * The edit form: its own industry list, plus the website. The idea's current industry
 * stays allowed when it is one the edit list does not offer.
 */
export const ZUpdateIdea = z.strictObject({
  title: ZTitle,
  description: ZDescription,
  fundingGoal: ZFundingGoal,
  industry: z.enum(INDUSTRIES, { error: INVESTING_MSG.industryRequired }),
  equityOffered: ZEquity.default(null),
  risk: z.enum(RISKS).default('medium'),
  location: optionalText(INVESTING.locationMax),
  website: ZWebsite,
  /** Left out: the deck stays as it is (the page never sees its address); null removes it. */
  pitchDeckUrl: z.string().max(500).nullable().optional(),
});
export type UpdateIdea = z.input<typeof ZUpdateIdea>;
export type UpdateIdeaData = z.output<typeof ZUpdateIdea>;
export const EDIT_INDUSTRY_OPTIONS = EDIT_INDUSTRIES;

/** Update Funding: a number from 0, step 0.01 (an invalid entry becomes 0 in the form). */
export const ZUpdateFunding = z.strictObject({
  fundingReceived: z.coerce
    .number({ error: INVESTING_MSG.fundingMin })
    .refine(Number.isFinite, { error: INVESTING_MSG.fundingMin })
    .refine((n) => n >= 0, { error: INVESTING_MSG.fundingMin })
    .refine((n) => n <= INVESTING.moneyMax, { error: INVESTING_MSG.moneyMax })
    .refine((n) => onStep(n, INVESTING.fundingStep), { error: INVESTING_MSG.fundingStep }),
});
export type UpdateFunding = z.input<typeof ZUpdateFunding>;
export type UpdateFundingData = z.output<typeof ZUpdateFunding>;

/** What the funding field sends: a number, or 0 for anything that is not one. */
export function fundingFromInput(text: string): number {
  const n = Number(text);
  return Number.isFinite(n) && text.trim() !== '' ? n : 0;
}

/** Add Update. */
export const ZCreateUpdate = z
  .strictObject({
    title: z
      .string({ error: INVESTING_MSG.updateTitleMin })
      .trim()
      .min(INVESTING.updateTitleMin, { error: INVESTING_MSG.updateTitleMin })
      .max(INVESTING.updateTitleMax, { error: INVESTING_MSG.updateTitleMax }),
    content: z
      .string({ error: INVESTING_MSG.updateContentMin })
      .trim()
      .min(INVESTING.updateContentMin, { error: INVESTING_MSG.updateContentMin })
      .max(INVESTING.updateContentMax),
    mediaUrl: optionalUrl,
    mediaType: z
      .enum(MEDIA_TYPES)
      .nullish()
      .transform((s) => s ?? null),
  })
  .refine((u) => (u.mediaUrl === null) === (u.mediaType === null), {
    error: INVESTING_MSG.uploadImageOrVideo,
    path: ['mediaType'],
  });
export type CreateUpdate = z.input<typeof ZCreateUpdate>;
export type CreateUpdateData = z.output<typeof ZCreateUpdate>;

export const ZIdeaId = z.object({ id: z.uuid({ error: INVESTING_MSG.notFound }) });

export const ZIdeaListQuery = z.object({
  tab: z.enum(['all', ...INDUSTRIES]).default('all'),
  /** A person's ideas (the profile's investments section). */
  author: z.uuid().optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(INVESTING.pageMax).default(INVESTING.pageSize),
});
export type IdeaListQuery = z.infer<typeof ZIdeaListQuery>;

export const ZCursorQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(INVESTING.pageMax).default(INVESTING.updatesPageSize),
});

/** Which upload: the idea's picture, its video, an update's media, or the pitch deck. */
export const ZUploadKind = z.object({ kind: z.enum(['image', 'video', 'media', 'pdf']) });
