import { z } from 'zod';
import { withinMentionCap } from '../core/mentions';
import { pointsAtApi } from '../core/api-links';
import { completeUrl } from '../core/web-links';
import { MODERATION } from '../admin/moderation';
import { BUSINESS, BUSINESS_CATEGORIES, BUSINESS_MSG, REVIEW_STATUSES } from './model';

/**
 * One schema per form and query, run by both the forms and the API (docs/product-rules.md: rules on the
 * server).
 */

/**
 * Control, format (zero-width, bidi overrides), private-use and unassigned characters, and any
 * white space: none belongs in a web address or an email address, and each is a way to make one
 * read as something else.
 */
const HIDDEN_OR_SPACE = /[\p{C}\s]/u;

/** An optional text field: blank means none (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: BUSINESS_MSG.tooLong })
    .nullish()
    .transform((s) => (s ? s : null));

/**
 * The website: only an http(s) address with a host name (one typed without its scheme gets https://) (no javascript:, data:, or relative
 * links), stored as the URL parser writes it (an international name in punycode, so it reads as
 * what it opens).
 */
export const ZWebsite = z
  .string()
  .trim()
  .max(BUSINESS.websiteMax, { error: BUSINESS_MSG.websiteInvalid })
  .nullish()
  .transform((typed, ctx) => {
    if (!typed) return null;
    // Typed without https:// (example.com): completed, then checked like any address.
    const s = completeUrl(typed);
    const invalid = () => {
      ctx.issues.push({ code: 'custom', message: BUSINESS_MSG.websiteInvalid, input: typed });
      return z.NEVER;
    };
    if (HIDDEN_OR_SPACE.test(s) || !/^https?:\/\//i.test(s)) return invalid();
    let url: URL;
    try {
      url = new URL(s);
    } catch {
      return invalid();
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return invalid();
    if (url.username || url.password || !/^[a-z0-9.-]+\.[a-z0-9-]{2,}$/i.test(url.hostname)) return invalid();
    // Never an address into this site's API: the link is a request with the reader's cookies.
    if (pointsAtApi(url.href)) return invalid();
    return url.href.length > BUSINESS.websiteMax ? invalid() : url.href;
  });

/** The email: a plain ASCII address (zod's), no hidden characters. */
export const ZBusinessEmail = z
  .string()
  .trim()
  .max(BUSINESS.emailMax, { error: BUSINESS_MSG.emailInvalid })
  .nullish()
  .transform((s, ctx) => {
    if (!s) return null;
    if (HIDDEN_OR_SPACE.test(s) || !z.email().safeParse(s).success) {
      ctx.issues.push({ code: 'custom', message: BUSINESS_MSG.emailInvalid, input: s });
      return z.NEVER;
    }
    return s.toLowerCase();
  });

/** The page form: name, category, description required. */
export const ZBusinessPageFields = z.strictObject({
  name: z
    .string({ error: BUSINESS_MSG.nameRequired })
    .trim()
    .min(1, { error: BUSINESS_MSG.nameRequired })
    .max(BUSINESS.nameMax, { error: BUSINESS_MSG.tooLong }),
  category: z.enum(BUSINESS_CATEGORIES, { error: BUSINESS_MSG.categoryRequired }),
  description: z
    .string({ error: BUSINESS_MSG.descriptionRequired })
    .trim()
    .min(1, { error: BUSINESS_MSG.descriptionRequired })
    .max(BUSINESS.descriptionMax, { error: BUSINESS_MSG.tooLong }),
  website: ZWebsite,
  email: ZBusinessEmail,
  phone: optionalText(BUSINESS.phoneMax),
  address: optionalText(BUSINESS.addressMax),
  hours: optionalText(BUSINESS.hoursMax),
  /** Our own uploaded images only (the server checks). */
  profileImage: z
    .string()
    .max(500)
    .nullish()
    .transform((s) => s ?? null),
  coverImage: z
    .string()
    .max(500)
    .nullish()
    .transform((s) => s ?? null),
});
export type BusinessPageFieldsInput = z.input<typeof ZBusinessPageFields>;
export type BusinessPageFields = z.output<typeof ZBusinessPageFields>;

export const ZBusinessId = z.object({ id: z.uuid({ error: BUSINESS_MSG.invalidId }) });

export const ZBusinessListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  category: z.enum(BUSINESS_CATEGORIES).optional(),
  owner: z.uuid().optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(BUSINESS.pageMax).default(BUSINESS.pageSize),
});
export type BusinessListQuery = z.infer<typeof ZBusinessListQuery>;

export const ZPageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(BUSINESS.pageMax).default(BUSINESS.postPageSize),
});
export type PageQuery = z.infer<typeof ZPageQuery>;

export const ZCover = z.strictObject({ coverImage: z.string().max(500).nullable() });

export const ZBusinessPost = z.strictObject({
  content: z
    .string({ error: BUSINESS_MSG.postRequired })
    .trim()
    .min(1, { error: BUSINESS_MSG.postRequired })
    .max(BUSINESS.postMax, { error: BUSINESS_MSG.tooLong })
    .refine(...withinMentionCap),
  imageUrl: z
    .string()
    .max(500)
    .nullish()
    .transform((s) => s ?? null),
});
export type BusinessPostInput = z.output<typeof ZBusinessPost>;

/** PUT like / follow: the state the person wants (docs/decisions/011), not a toggle. */
export const ZActive = z.strictObject({ active: z.boolean() });

export const ZReview = z.strictObject({
  rating: z.coerce
    .number({ error: BUSINESS_MSG.ratingRequired })
    .int({ error: BUSINESS_MSG.ratingRequired })
    .min(BUSINESS.ratingMin, { error: BUSINESS_MSG.ratingRequired })
    .max(BUSINESS.ratingMax, { error: BUSINESS_MSG.ratingRequired })
    .default(BUSINESS.ratingDefault),
  title: z
    .string({ error: BUSINESS_MSG.titleRequired })
    .trim()
    .min(1, { error: BUSINESS_MSG.titleRequired })
    .min(BUSINESS.reviewTitleMin, { error: BUSINESS_MSG.titleMin })
    .max(BUSINESS.reviewTitleMax, { error: BUSINESS_MSG.titleMax }),
  content: z
    .string({ error: BUSINESS_MSG.contentRequired })
    .trim()
    .min(1, { error: BUSINESS_MSG.contentRequired })
    .min(BUSINESS.reviewContentMin, { error: BUSINESS_MSG.contentMin })
    .max(BUSINESS.reviewContentMax, { error: BUSINESS_MSG.contentMax }),
});
export type ReviewInput = z.output<typeof ZReview>;

export const ZImagePreset = z.object({ preset: z.enum(['avatar', 'cover', 'content']) });

/* The admin's Reviews tab (issue 20 part B). */

const moderationLimit = z.coerce.number().int().min(1).max(MODERATION.pageMax).default(MODERATION.pageSize);
/** An optional moderation text: blank means none (null). */
const moderationText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((s) => (s ? s : null));

/** GET /api/admin/reviews: the queue, optionally of one status, newest first. */
export const ZReviewQueueQuery = z.object({
  status: z.enum(REVIEW_STATUSES).optional(),
  cursor: z.string().max(200).optional(),
  limit: moderationLimit,
});
export type ReviewQueueQuery = z.infer<typeof ZReviewQueueQuery>;

/** POST /api/admin/reviews/moderate: any status on one review or many. */
export const ZModerateReviews = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(MODERATION.bulkMax),
  status: z.enum(REVIEW_STATUSES),
  note: moderationText(MODERATION.noteMax),
  reason: moderationText(MODERATION.reasonMax),
});
export type ModerateReviews = z.infer<typeof ZModerateReviews>;
