import {
  INVESTING_MSG,
  type Idea,
  type IdeaSummary,
  type IdeaUpdate,
  type Industry,
  type MediaType,
  type Risk,
  investingTopic,
} from '@common/investing/model';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Bus } from '../../platform/bus';
import { notBlockedWith, visiblePerson } from '../../db/rules';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';

/*
 * What the investing services share: their dependencies, the one 404, the rule
 * every read puts in its SQL, and how rows become ideas and updates. Every read is for a signed-in
 * member (the routes are sign-in routes); an idea whose founder is deleted or banned, or who blocks
 * the viewer or is blocked by them, answers exactly like a missing one.
 */

export type InvestingDeps = Pick<AppDeps, 'db' | 'bus' | 'storage' | 'logger'>;

export const notFound = () => new AppError('NOT_FOUND', INVESTING_MSG.notFound);

/** The founder (`p`, joined on `i.user_id`) is live and not blocked either way with the viewer. */
export function visibleFounder(viewerId: string): SQL {
  return sql`${visiblePerson('p')} and ${notBlockedWith(viewerId, sql`i.user_id`)}`;
}

/** Ideas the viewer may read: `from business_ideas i join profiles p ... where` this. */
export const IDEA_FROM = sql`from business_ideas i join profiles p on p.id = i.user_id`;

export const SUMMARY_COLUMNS = sql`i.id::text as id, i.title, i.description, i.industry, i.risk,
  i.funding_goal::float8 as funding_goal, i.funding_received::float8 as funding_received,
  i.equity_offered::float8 as equity_offered, i.image_url, i.created_at, i.updated_at,
  ${PERSON_SUMMARY_COLUMNS}`;

export type SummaryRow = PersonSummaryRow & {
  id: string;
  title: string;
  description: string;
  industry: Industry;
  risk: Risk;
  funding_goal: number;
  funding_received: number;
  equity_offered: number | null;
  image_url: string | null;
  created_at: string | Date;
  updated_at: string | Date;
};

export type IdeaRow = SummaryRow & {
  location: string | null;
  website: string | null;
  video_url: string | null;
  has_pitch_deck: boolean;
  followers: number;
  is_following: boolean;
};

export const iso = (d: string | Date) => new Date(d).toISOString();

export function toSummary(r: SummaryRow, viewerId: string): IdeaSummary {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    industry: r.industry,
    risk: r.risk,
    fundingGoal: Number(r.funding_goal),
    fundingReceived: Number(r.funding_received),
    equityOffered: r.equity_offered === null ? null : Number(r.equity_offered),
    imageUrl: r.image_url,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    author: toPersonSummary(r),
    isOwner: r.author_id === viewerId,
  };
}

export function toIdea(r: IdeaRow, viewerId: string): Idea {
  return {
    ...toSummary(r, viewerId),
    location: r.location,
    website: r.website,
    videoUrl: r.video_url,
    hasPitchDeck: r.has_pitch_deck,
    followers: Number(r.followers),
    isFollowing: r.is_following,
  };
}

export type UpdateRow = PersonSummaryRow & {
  id: string;
  idea_id: string;
  title: string;
  content: string;
  media_url: string | null;
  media_type: MediaType | null;
  created_at: string | Date;
};

export function toUpdate(r: UpdateRow): IdeaUpdate {
  return {
    id: r.id,
    ideaId: r.idea_id,
    title: r.title,
    content: r.content,
    mediaUrl: r.media_url,
    mediaType: r.media_type,
    createdAt: iso(r.created_at),
    author: toPersonSummary(r),
  };
}

/**
 * Tells open boards and the idea's page that it changed. The event names only the idea; each page
 * asks the API, which applies the reader's own rules.
 */
export function announce(
  bus: Bus,
  idea: { id: string; founderId: string },
  change: 'created' | 'edited' | 'funding' | 'update' | 'removed',
) {
  const event = { type: 'investing.changed' as const, ideaId: idea.id, change };
  // People blocked either way with the founder do not even hear the idea's id.
  const hideFromBlockedWith = idea.founderId;
  bus.publish({ topic: investingTopic('all'), event, hideFromBlockedWith });
  bus.publish({ topic: investingTopic(idea.id), event, hideFromBlockedWith });
}
