import type { z } from 'zod';
import type { ZCreateUpdate } from '@common/investing/schemas';
import { INVESTING, INVESTING_MSG, type IdeaUpdate, type IdeaUpdatePage } from '@common/investing/model';
import { sql } from 'drizzle-orm';
import type { Viewer } from '../../lib/context';
import { cursorTime, decodeTimeCursor, encodeTimeCursor, microsOf, splitPage } from '../../lib/pagination';
import { enforce } from '../../platform/rate-limit';
import { attachUpload } from '../../platform/upload-ledger';
import { visiblePerson, notBlockedWith } from '../../db/rules';
import type { Notification } from '@common/notifications/model';
import { createNotification, notificationEnvelope } from '../notifications';
import { PERSON_SUMMARY_COLUMNS } from '../profiles';
import {
  announce,
  IDEA_FROM,
  notFound,
  toUpdate,
  visibleFounder,
  type InvestingDeps,
  type UpdateRow,
} from './investing-rows';
import { ownMedia } from './investing-files.service';

/*
 * An idea's updates: read by whoever may read the idea, newest
 * first; added by its founder only (with an optional image or video). Going further: each follower
 * of the idea gets a notification of the new update, in the same transaction, published after commit.
 */

type CreateUpdateInput = z.output<typeof ZCreateUpdate>;

const UPDATE_LIMIT = { name: 'investing-update', max: INVESTING.updatesPerHour, windowSec: 3600 };

const UPDATE_COLUMNS = sql`u.id::text as id, u.business_idea_id::text as idea_id, u.title, u.content, u.media_url,
  u.media_type, u.created_at, ${PERSON_SUMMARY_COLUMNS}`;

/** GET /api/investing/ideas/{id}/updates */
export async function listUpdates(
  deps: InvestingDeps,
  viewer: Viewer,
  id: string,
  q: { cursor?: string; limit: number },
): Promise<IdeaUpdatePage> {
  const cursor = q.cursor ? decodeTimeCursor(q.cursor, INVESTING_MSG.invalidCursor) : null;
  // The idea's visibility and its page in one statement: no row for the idea means 404.
  const rows = await deps.db
    .execute<{ idea: string; u: (UpdateRow & { sort_micros: string }) | null }>(
      sql`select i.id::text as idea, (
            select coalesce(json_agg(x), '[]'::json) from (
              select ${UPDATE_COLUMNS}, ${microsOf(sql`u.created_at`)} as sort_micros
              from business_updates u join profiles p on p.id = u.user_id
              where u.business_idea_id = i.id
                ${cursor ? sql`and (u.created_at, u.id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)` : sql``}
              order by u.created_at desc, u.id desc
              limit ${q.limit + 1}) x
          ) as u
        ${IDEA_FROM}
        where i.id = ${id} and ${visibleFounder(viewer.id)}`,
    )
    .then((r) => r.rows);
  const found = rows[0];
  if (!found) throw notFound();
  const items = (found.u ?? []) as unknown as (UpdateRow & { sort_micros: string })[];
  const { page, more } = splitPage(items, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toUpdate),
    nextCursor: more && last ? encodeTimeCursor({ micros: String(last.sort_micros), id: last.id }) : null,
  };
}

/** POST /api/investing/ideas/{id}/updates: the founder's update, and a notification to each follower. */
export async function createUpdate(
  deps: InvestingDeps,
  viewer: Viewer,
  id: string,
  input: CreateUpdateInput,
): Promise<IdeaUpdate> {
  const mediaUrl = await ownMedia(deps.storage, viewer.id, input.mediaUrl, input.mediaType);
  const { update, notices } = await deps.db.transaction(async (tx) => {
    const [idea] = await tx
      .execute<{ title: string }>(
        sql`select title from business_ideas where id = ${id} and user_id = ${viewer.id} for update`,
      )
      .then((r) => r.rows);
    if (!idea) throw notFound();
    await enforce(tx, UPDATE_LIMIT, viewer.id);
    const [row] = await tx
      .execute<UpdateRow>(
        sql`with u as (
            insert into business_updates (business_idea_id, user_id, title, content, media_url, media_type)
            values (${id}, ${viewer.id}, ${input.title}, ${input.content}, ${mediaUrl}, ${mediaUrl ? input.mediaType : null})
            returning *)
          select ${UPDATE_COLUMNS} from u join profiles p on p.id = u.user_id`,
      )
      .then((r) => r.rows);
    if (!row) throw new Error('update was not written');
    await attachUpload(tx, deps.storage, mediaUrl);
    // One notification per follower who may still read the idea (live, not blocked either way).
    const followers = await tx
      .execute<{ user_id: string }>(
        sql`select f.user_id::text as user_id from business_idea_followers f join profiles p on p.id = f.user_id
          where f.business_idea_id = ${id} and f.user_id <> ${viewer.id} and ${visiblePerson('p')}
            and ${notBlockedWith(viewer.id, sql`f.user_id`)}`,
      )
      .then((r) => r.rows);
    const update = toUpdate(row);
    const actor = {
      id: viewer.id,
      username: update.author.username,
      fullName: update.author.fullName,
      avatarUrl: update.author.avatarUrl,
    };
    const notices: { to: string; n: Notification }[] = [];
    for (const f of followers) {
      const n = await createNotification(tx, {
        userId: f.user_id,
        actorId: viewer.id,
        actor,
        type: 'business_action',
        title: INVESTING_MSG.newUpdateTitle,
        message: INVESTING_MSG.newUpdateText(idea.title, input.title),
        link: `/investing/${id}`,
        relatedId: id,
        data: { businessIdeaId: id, updateId: row.id },
        // Each update is news of its own, not a repeat of the last one.
        fold: false,
      });
      if (n) notices.push({ to: f.user_id, n });
    }
    return { update, notices };
  });
  for (const { to, n } of notices) deps.bus.publish(notificationEnvelope(to, n));
  announce(deps.bus, { id, founderId: viewer.id }, 'update');
  return update;
}
