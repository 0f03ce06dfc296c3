import type { IdeaListQuery } from '@common/investing/schemas';
import type { z } from 'zod';
import type { ZCreateIdea, ZUpdateFunding, ZUpdateIdea } from '@common/investing/schemas';
import {
  INDUSTRIES,
  INVESTING,
  INVESTING_MSG,
  type Idea,
  type IdeaIndustries,
  type IdeaPage,
  type Industry,
} from '@common/investing/model';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import {
  cursorTime,
  decodeTimeCursor,
  encodeTimeCursor,
  microsOf,
  splitPage,
  type TimeCursor,
} from '../../lib/pagination';
import { isSuperAdminSql, type Tx } from '../../db/rules';
import { enforce } from '../../platform/rate-limit';
import { attachUpload } from '../../platform/upload-ledger';
import { publishToFeed, removeFromFeed } from '../feed';
import { canSeeWholeProfile } from '../profiles';
import {
  announce,
  IDEA_FROM,
  notFound,
  SUMMARY_COLUMNS,
  toIdea,
  toSummary,
  visibleFounder,
  type IdeaRow,
  type InvestingDeps,
  type SummaryRow,
} from './investing-rows';
import { dropFiles, ownIdeaFile, ownIdeaImage } from './investing-files.service';

/*
 * Business ideas: the board's tabs (filtered by industry,
 * docs/product-rules.md: every feature is a real write) and a founder's ideas, one idea's page, submitting
 * (and its feed item), the owner's edit and funding, following, deleting (owner or super admin) and account
 * deletion. The owner is the one person in `user_id`, tested in each write's SQL; another member answers like
 * a missing idea.
 */

type CreateIdeaInput = z.output<typeof ZCreateIdea>;
type UpdateIdeaInput = z.output<typeof ZUpdateIdea>;
type UpdateFundingInput = z.output<typeof ZUpdateFunding>;

const IDEA_LIMIT = { name: 'investing-idea', max: INVESTING.ideasPerHour, windowSec: 3600 };

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * One page of a tab, newest first, walking (created_at, id) backward from the cursor on
 * business_ideas_created_idx, the industry's index or the founder's.
 */
export function ideaListQuery(viewerId: string, q: IdeaListQuery, cursor: TimeCursor | null): SQL {
  const where: SQL[] = [visibleFounder(viewerId)];
  if (q.tab !== 'all') where.push(sql`i.industry = ${q.tab}`);
  if (q.author) where.push(sql`i.user_id = ${q.author}`);
  if (cursor) where.push(sql`(i.created_at, i.id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)`);
  return sql`select ${SUMMARY_COLUMNS}, ${microsOf(sql`i.created_at`)} as sort_micros
    ${IDEA_FROM}
    where ${sql.join(where, sql` and `)}
    order by i.created_at desc, i.id desc
    limit ${q.limit + 1}`;
}

/** GET /api/investing/ideas */
export async function listIdeas(deps: InvestingDeps, viewer: Viewer, q: IdeaListQuery): Promise<IdeaPage> {
  // A founder's ideas, as their profile lists them: for who sees that whole profile only.
  if (q.author && q.author !== viewer.id && !(await canSeeWholeProfile(deps.db, viewer.id, q.author)))
    return { items: [], nextCursor: null };
  const cursor = q.cursor ? decodeTimeCursor(q.cursor, INVESTING_MSG.invalidCursor) : null;
  const rows = await queryRows<SummaryRow & { sort_micros: string }>(
    deps.db,
    ideaListQuery(viewer.id, q, cursor),
  );
  const { page, more } = splitPage(rows, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toSummary(r, viewer.id)),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.sort_micros, id: last.id }) : null,
  };
}

/**
 * GET /api/investing/industries: the industries with at least one idea the viewer may read, in the
 * submit form's order (the board's tabs). One probe of business_ideas_industry_idx per industry.
 */
export async function listIndustries(deps: InvestingDeps, viewer: Viewer): Promise<IdeaIndustries> {
  const rows = await queryRows<{ industry: Industry }>(
    deps.db,
    sql`select v.industry from unnest(array[${sql.join(
      INDUSTRIES.map((i) => sql`${i}`),
      sql`, `,
    )}]::text[])
        with ordinality as v(industry, n)
      where exists (select 1 ${IDEA_FROM} where i.industry = v.industry and ${visibleFounder(viewer.id)})
      order by v.n`,
  );
  return { industries: rows.map((r) => r.industry) };
}

/** The idea as the viewer may read it, or null. */
export async function readIdea(db: Db | Tx, viewerId: string, id: string): Promise<Idea | null> {
  const [row] = await db
    .execute<IdeaRow>(
      sql`select ${SUMMARY_COLUMNS}, i.location, i.website, i.video_url,
          i.pitch_deck_url is not null as has_pitch_deck,
          (select count(*)::int from business_idea_followers f where f.business_idea_id = i.id) as followers,
          exists (select 1 from business_idea_followers f where f.business_idea_id = i.id and f.user_id = ${viewerId}) as is_following
        ${IDEA_FROM}
        where i.id = ${id} and ${visibleFounder(viewerId)}`,
    )
    .then((r) => r.rows);
  return row ? toIdea(row, viewerId) : null;
}

/** GET /api/investing/ideas/{id}. Missing or hidden: the same 404. */
export async function getIdea(deps: InvestingDeps, viewer: Viewer, id: string): Promise<Idea> {
  const idea = await readIdea(deps.db, viewer.id, id);
  if (!idea) throw notFound();
  return idea;
}

/** May the viewer read this idea (the realtime topic's rule, the same as the API's)? */
export async function canReadIdea(db: Db, viewerId: string, id: string): Promise<boolean> {
  const [row] = await db
    .execute(sql`select 1 ${IDEA_FROM} where i.id = ${id} and ${visibleFounder(viewerId)}`)
    .then((r) => r.rows);
  return !!row;
}

// ---------------------------------------------------------------------------------------------
// Writing

function putOnFeed(
  db: Tx,
  deps: InvestingDeps,
  idea: { id: string; userId: string; title: string; description: string; imageUrl: string | null },
) {
  return publishToFeed(
    { db, bus: deps.bus },
    {
      kind: 'business_idea',
      contentId: idea.id,
      userId: idea.userId,
      title: idea.title,
      description: idea.description,
      imageUrl: idea.imageUrl,
      link: `/investing/${idea.id}`,
    },
  );
}

async function readOwn(deps: InvestingDeps, viewerId: string, id: string) {
  const idea = await readIdea(deps.db, viewerId, id);
  if (!idea) throw notFound();
  return idea;
}

/** POST /api/investing/ideas: the idea and its feed item, in one transaction. */
export async function createIdea(deps: InvestingDeps, viewer: Viewer, input: CreateIdeaInput): Promise<Idea> {
  const imageUrl = await ownIdeaImage(deps.storage, viewer.id, input.imageUrl);
  const videoUrl = await ownIdeaFile(deps.storage, viewer.id, input.videoUrl, 'video');
  const pitchDeckUrl = await ownIdeaFile(deps.storage, viewer.id, input.pitchDeckUrl, 'pdf');
  const id = await deps.db.transaction(async (tx) => {
    await enforce(tx, IDEA_LIMIT, viewer.id);
    const [row] = await tx
      .execute<{ id: string }>(
        sql`insert into business_ideas (user_id, title, description, funding_goal, equity_offered, industry, risk,
              location, image_url, video_url, pitch_deck_url)
            values (${viewer.id}, ${input.title}, ${input.description}, ${input.fundingGoal}, ${input.equityOffered},
              ${input.industry}, ${input.risk}, ${input.location}, ${imageUrl}, ${videoUrl}, ${pitchDeckUrl})
            returning id::text as id`,
      )
      .then((r) => r.rows);
    if (!row) throw new Error('idea was not written');
    for (const url of [imageUrl, videoUrl, pitchDeckUrl]) await attachUpload(tx, deps.storage, url);
    await putOnFeed(tx, deps, {
      id: row.id,
      userId: viewer.id,
      title: input.title,
      description: input.description,
      imageUrl,
    });
    return row.id;
  });
  announce(deps.bus, { id, founderId: viewer.id }, 'created');
  return readOwn(deps, viewer.id, id);
}

/** The viewer's own idea, locked for the transaction; anyone else's answers like a missing one. */
async function lockOwn(tx: Tx, viewerId: string, id: string) {
  const [row] = await tx
    .execute<{
      title: string;
      description: string;
      image_url: string | null;
      video_url: string | null;
      pitch_deck_url: string | null;
    }>(
      sql`select title, description, image_url, video_url, pitch_deck_url from business_ideas
        where id = ${id} and user_id = ${viewerId} for update`,
    )
    .then((r) => r.rows);
  if (!row) throw notFound();
  return row;
}

/** PATCH /api/investing/ideas/{id}: the owner's edit form (its fields). */
export async function updateIdea(
  deps: InvestingDeps,
  viewer: Viewer,
  id: string,
  input: UpdateIdeaInput,
): Promise<Idea> {
  const keepDeck = input.pitchDeckUrl === undefined;
  const newDeck = keepDeck
    ? null
    : await ownIdeaFile(deps.storage, viewer.id, input.pitchDeckUrl ?? null, 'pdf');
  let pitchDeckUrl: string | null = newDeck;
  const before = await deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, viewer.id, id);
    if (keepDeck) pitchDeckUrl = row.pitch_deck_url;
    await tx.execute(
      sql`update business_ideas set title = ${input.title}, description = ${input.description},
          funding_goal = ${input.fundingGoal}, equity_offered = ${input.equityOffered}, industry = ${input.industry},
          location = ${input.location}, website = ${input.website}, risk = ${input.risk},
          pitch_deck_url = ${pitchDeckUrl}, updated_at = now()
        where id = ${id}`,
    );
    await attachUpload(tx, deps.storage, pitchDeckUrl);
    if (row.pitch_deck_url !== pitchDeckUrl)
      await tx.execute(sql`delete from pitch_deck_opens where business_idea_id = ${id}`);
    await putOnFeed(tx, deps, {
      id,
      userId: viewer.id,
      title: input.title,
      description: input.description,
      imageUrl: row.image_url,
    });
    return row;
  });
  if (before.pitch_deck_url !== pitchDeckUrl) await dropFiles(deps, viewer.id, [before.pitch_deck_url]);
  announce(deps.bus, { id, founderId: viewer.id }, 'edited');
  return readOwn(deps, viewer.id, id);
}

/** PUT /api/investing/ideas/{id}/funding: the owner sets the amount received, as an absolute value. */
export async function updateFunding(
  deps: InvestingDeps,
  viewer: Viewer,
  id: string,
  input: UpdateFundingInput,
): Promise<Idea> {
  const rows = await deps.db
    .execute(
      sql`update business_ideas set funding_received = ${input.fundingReceived}, updated_at = now()
        where id = ${id} and user_id = ${viewer.id} returning id`,
    )
    .then((r) => r.rows);
  if (!rows.length) throw notFound();
  announce(deps.bus, { id, founderId: viewer.id }, 'funding');
  return readOwn(deps, viewer.id, id);
}

/** PUT or DELETE /api/investing/ideas/{id}/follow: follow an idea the viewer may read (not their own). */
export async function setFollowing(
  deps: InvestingDeps,
  viewer: Viewer,
  id: string,
  follow: boolean,
): Promise<Idea> {
  if (follow) {
    const rows = await deps.db
      .execute(
        sql`insert into business_idea_followers (business_idea_id, user_id)
          select i.id, ${viewer.id}::uuid ${IDEA_FROM}
          where i.id = ${id} and i.user_id <> ${viewer.id} and ${visibleFounder(viewer.id)}
          on conflict do nothing returning 1`,
      )
      .then((r) => r.rows);
    if (!rows.length && !(await readIdea(deps.db, viewer.id, id))) throw notFound();
  } else {
    await deps.db.execute(
      sql`delete from business_idea_followers where business_idea_id = ${id} and user_id = ${viewer.id}`,
    );
  }
  return getIdea(deps, viewer, id);
}

type Removed = {
  id: string;
  user_id: string;
  image_url: string | null;
  video_url: string | null;
  pitch_deck_url: string | null;
};

/**
 * An idea with its feed item, updates, followers and opens, in the caller's transaction; its files to drop.
 */
async function removeIdeaRows(tx: Tx, deps: Pick<InvestingDeps, 'bus'>, ids: string[]) {
  if (!ids.length) return [] as string[];
  const media = await tx
    .execute<{ media_url: string }>(
      sql`select media_url from business_updates where business_idea_id = any (${sql.param(ids)}::uuid[]) and media_url is not null`,
    )
    .then((r) => r.rows.map((m) => m.media_url));
  for (const id of ids)
    await removeFromFeed({ db: tx, bus: deps.bus }, { type: 'business_idea', contentId: id });
  await tx.execute(sql`delete from business_ideas where id = any (${sql.param(ids)}::uuid[])`);
  return media;
}

/** DELETE /api/investing/ideas/{id}: by its founder or a super admin. */
export async function deleteIdea(deps: InvestingDeps, viewer: Viewer, id: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .execute<Removed>(
        sql`select i.id::text as id, i.user_id::text as user_id, i.image_url, i.video_url, i.pitch_deck_url
          ${IDEA_FROM}
          where i.id = ${id} and ${visibleFounder(viewer.id)}
            and (i.user_id = ${viewer.id} or ${isSuperAdminSql(viewer.id)})
          for update of i`,
      )
      .then((r) => r.rows);
    if (!row) {
      const visible = await readIdea(tx, viewer.id, id);
      throw visible ? new AppError('FORBIDDEN') : notFound();
    }
    const media = await removeIdeaRows(tx, deps, [id]);
    return { row, media };
  });
  await dropFiles(deps, removed.row.user_id, [
    removed.row.image_url,
    removed.row.video_url,
    removed.row.pitch_deck_url,
    ...removed.media,
  ]);
  announce(deps.bus, { id, founderId: removed.row.user_id }, 'removed');
}

/**
 * Account deletion: the person's ideas (with everything on them), what they follow and the decks
 * they opened. Returns their files, for after commit.
 */
export async function removeFounderIdeas(tx: Tx, deps: Pick<InvestingDeps, 'bus'>, userId: string) {
  const rows = await tx
    .execute<Removed>(
      sql`select id::text as id, user_id::text as user_id, image_url, video_url, pitch_deck_url
        from business_ideas where user_id = ${userId} for update`,
    )
    .then((r) => r.rows);
  const media = await removeIdeaRows(
    tx,
    deps,
    rows.map((r) => r.id),
  );
  await tx.execute(sql`delete from business_idea_followers where user_id = ${userId}`);
  await tx.execute(sql`delete from pitch_deck_opens where user_id = ${userId}`);
  const files = [...rows.flatMap((r) => [r.image_url, r.video_url, r.pitch_deck_url]), ...media].filter(
    (u): u is string => !!u,
  );
  return { ids: rows.map((r) => r.id), files };
}
