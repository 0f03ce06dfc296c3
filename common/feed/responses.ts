import { z } from 'zod';
import { answers, ZIsoDate, zPage } from '../core/api-schemas';
import { ZPersonSummary } from '../profiles/responses';
import { ZReactionSummary } from '../reactions/responses';
import type { FeedEngagement, FeedItem, FeedItemType, FeedNewItems, FeedPage } from './model';

/*
 * The feed area's answers as the OpenAPI document describes them and the tests check them
 * (server/areas/feed/feed.api.ts). Each is tied to the type the service returns.
 */

/** A kind some area publishes (the areas register theirs at boot; the list is not known here). */
const ZFeedItemType = z
  .custom<FeedItemType>((v) => typeof v === 'string')
  .meta({ type: 'string', description: 'A feed kind an area declares (article, event, ...).' });

export const ZFeedEngagement = answers<FeedEngagement>()(
  z.strictObject({ reactions: ZReactionSummary, comments: z.number().int() }),
);

export const ZFeedItem = answers<FeedItem>()(
  z.strictObject({
    id: z.string(),
    type: ZFeedItemType,
    label: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
    createdAt: ZIsoDate,
    contentId: z.string(),
    link: z.string().nullable(),
    signInAction: z.string().nullable(),
    author: ZPersonSummary,
    viewerFollows: z.boolean().nullable(),
    engagement: ZFeedEngagement.nullable(),
  }),
);

export const ZFeedPage = answers<FeedPage>()(zPage(ZFeedItem));

/** The items newer than the one shown; `more` when there are more than were sent. */
export const ZFeedNewItems = answers<FeedNewItems>()(
  z.strictObject({ items: z.array(ZFeedItem), more: z.boolean() }),
);
