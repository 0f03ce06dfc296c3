import { isUuid } from '@common/core/ids';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import { displayName } from '@common/profiles/model';
import {
  REACTION_MSG,
  type EngagementContentType,
  type ReactionSummary,
  type ReactionType,
} from '@common/reactions/model';
import { topic } from '@common/core/realtime';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { preparedFor, type Db } from '../../db/client';
import { profiles, reactions } from '../../db/schema';
import type { AppDeps, Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { getContentTarget, type ContentInfo, type ContentTarget } from '../../platform/content-targets';
import { actorColumns, actorOfViewer, createNotification, notificationEnvelope } from '../notifications';
import { type Tx } from '../../db/rules';

/*
 * Reactions on any registered kind of content (docs/decisions/011). A person has at most one reaction of
 * each type on a thing (unique index); a request says the state the person wants (PUT {active}), so
 * repeated or collapsed taps converge on the last one instead of flipping back and forth.
 */

export type ReactionDeps = Pick<AppDeps, 'db' | 'bus' | 'logger'>;
export type ContentRef = { contentType: EngagementContentType; contentId: string };

/** The registered kind of content, or 'not available' for a kind no area has registered. */
export function requireTarget(contentType: string): ContentTarget {
  const target = getContentTarget(contentType);
  if (!target) throw new AppError('NOT_FOUND', REACTION_MSG.notFound);
  return target;
}

/**
 * The content if the viewer may see it; missing and hidden content are both 'not available'. To
 * write (react, comment), the target may also refuse one who sees it (ContentInfo.refuseEngagement).
 */
export async function requireContent(
  db: Db | Tx,
  target: ContentTarget,
  viewerId: string | null,
  contentId: string,
  purpose: 'read' | 'write' = 'read',
): Promise<ContentInfo> {
  const info = await target.resolve(db, viewerId, contentId);
  if (!info) throw new AppError('NOT_FOUND', REACTION_MSG.notFound);
  if (purpose === 'write' && info.refuseEngagement) throw new AppError('FORBIDDEN', info.refuseEngagement);
  return info;
}

/**
 * Serialise the engagement writes on one piece of content, until the transaction ends: each write
 * reads the counts it publishes right after itself, so live counts arrive in order; and a content's
 * deletion (removeReactions / removeComments) waits for, or is waited on by, a reaction or comment
 * being added, so none is left behind for content that is gone. Content targets' `resolve` runs
 * under this lock and must only read (never lock rows), or a deletion could deadlock with it.
 */
export async function lockContent(tx: Tx, ref: ContentRef): Promise<void> {
  const key = `content:${ref.contentType}:${ref.contentId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

const ofContent = (ref: ContentRef) =>
  and(eq(reactions.contentType, ref.contentType), eq(reactions.contentId, ref.contentId));

/** A member's counts by type and their own, prepared once (every article, post and card asks it). */
const summaryOfMember = preparedFor((db: Db | Tx) =>
  db
    .select({
      type: reactions.reactionType,
      n: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${reactions.userId} = ${sql.placeholder('viewerId')})`,
    })
    .from(reactions)
    .where(
      and(
        eq(reactions.contentType, sql.placeholder('contentType')),
        eq(reactions.contentId, sql.placeholder('contentId')),
      ),
    )
    .groupBy(reactions.reactionType)
    .prepare('reactions_summary_of_member'),
);

/** Counts by type from the database (zero counts left out) and the viewer's own, in display order. */
async function readSummary(
  db: Db | Tx,
  target: ContentTarget,
  ref: ContentRef,
  viewerId: string | null,
): Promise<ReactionSummary> {
  const rows = viewerId
    ? await summaryOfMember(db).execute({ viewerId, contentType: ref.contentType, contentId: ref.contentId })
    : await db
        .select({ type: reactions.reactionType, n: sql<number>`count(*)::int`, mine: sql<boolean>`false` })
        .from(reactions)
        .where(ofContent(ref))
        .groupBy(reactions.reactionType);
  return summaryOf(target, ref, rows, null);
}

/**
 * A column for an area's own statement that reads a shown content's reactions with it: a json array
 * of [type, count, the viewer's own] (null when it has none), for the content whose id is `id` (an
 * expression of that statement). `reactionsFromColumn` makes the summary of it. A page that shows
 * one piece of content (or a list of them) reads its reactions in its own statement instead of a
 * second one.
 */
export function reactionsColumn(contentType: EngagementContentType, id: SQL, viewerId: string): SQL {
  return sql`(select json_agg(json_build_array(rc.reaction_type, rc.n, rc.mine)) from (
    select r.reaction_type, count(*)::int as n, bool_or(r.user_id = ${viewerId}) as mine
    from reactions r where r.content_type = ${contentType} and r.content_id = ${id}
    group by r.reaction_type) rc)`;
}

/** The summary of a `reactionsColumn` value, as reactionsOfShown answers it. */
export function reactionsFromColumn(
  ref: ContentRef,
  column: unknown,
  closedReason: string | null,
): ReactionSummary {
  const target = requireTarget(ref.contentType);
  const rows = ((column as [string, number, boolean][] | null) ?? []).map(([type, n, mine]) => ({
    type,
    n,
    mine,
  }));
  return summaryOf(target, ref, rows, closedReason);
}

/** Counts by type (zero counts left out) and the viewer's own, in display order. */
function summaryOf(
  target: ContentTarget,
  ref: ContentRef,
  rows: { type: string; n: number; mine: boolean }[],
  closedReason: string | null,
): ReactionSummary {
  const byType = new Map(rows.map((r) => [r.type, r]));
  const counts: ReactionSummary['counts'] = {};
  const mine: ReactionType[] = [];
  for (const type of target.reactionTypes) {
    const row = byType.get(type);
    if (!row?.n) continue;
    counts[type] = row.n;
    if (row.mine) mine.push(type);
  }
  return {
    contentType: ref.contentType,
    contentId: ref.contentId,
    types: [...target.reactionTypes],
    counts,
    mine,
    closedReason,
  };
}

/** GET /api/reactions/{type}/{id}: counts and the viewer's reactions, for members and visitors. */
export async function getReactions(
  deps: ReactionDeps,
  viewerId: string | null,
  ref: ContentRef,
): Promise<ReactionSummary> {
  const target = requireTarget(ref.contentType);
  const info = await requireContent(deps.db, target, viewerId, ref.contentId);
  const summary = await readSummary(deps.db, target, ref, viewerId);
  return { ...summary, closedReason: viewerId ? (info.refuseEngagement ?? null) : null };
}

/**
 * PUT /api/reactions/{type}/{id}/{reaction} {active}: the viewer's reaction of that type is there
 * (active) or not, whatever it was before; the same request twice changes nothing the second time.
 * A change is announced with every count on the content's topic; a new reaction notifies the
 * owner, folded into their one unread 'New Reaction' for that content.
 */
export async function setReaction(
  deps: ReactionDeps,
  viewer: Viewer,
  ref: ContentRef & { reactionType: string },
  active: boolean,
): Promise<ReactionSummary> {
  const target = requireTarget(ref.contentType);
  const type = target.reactionTypes.find((t) => t === ref.reactionType);
  if (!type) throw new AppError('VALIDATION', REACTION_MSG.invalidType);
  const content: ContentRef = { contentType: ref.contentType, contentId: ref.contentId };

  const { summary, changed, notice, ownerId } = await deps.db.transaction(async (tx) => {
    await lockContent(tx, content);
    const info = await requireContent(tx, target, viewer.id, content.contentId, 'write');
    const written = active
      ? await tx
          .insert(reactions)
          .values({ ...content, userId: viewer.id, reactionType: type })
          .onConflictDoNothing()
          .returning({ id: reactions.id })
      : await tx
          .delete(reactions)
          .where(and(ofContent(content), eq(reactions.userId, viewer.id), eq(reactions.reactionType, type)))
          .returning({ id: reactions.id });
    const changed = written.length > 0;
    const summary = await readSummary(tx, target, content, viewer.id);
    const notice =
      changed && active && info.ownerId !== viewer.id
        ? await notifyOwner(tx, target, content, info, viewer)
        : null;
    return { summary, changed, notice, ownerId: info.ownerId };
  });

  if (changed)
    deps.bus.publish(
      {
        topic: topic.content(content.contentType, content.contentId),
        event: { type: 'reactions.changed', ...content, counts: summary.counts },
      },
      ...(notice ? [notificationEnvelope(ownerId, notice)] : []),
    );
  return summary;
}

async function notifyOwner(
  tx: Tx,
  target: ContentTarget,
  ref: ContentRef,
  info: ContentInfo,
  viewer: Viewer,
) {
  const actorId = viewer.id;
  // The viewer's name and avatar come with their session; read only when it carries none.
  const carried = actorOfViewer(viewer);
  const [actor] = carried
    ? [carried]
    : await tx.select(actorColumns).from(profiles).where(eq(profiles.id, actorId));
  if (!actor) return null;
  return createNotification(tx, {
    userId: info.ownerId,
    actorId,
    actor,
    type: 'reaction',
    title: NOTIFICATION_TEXT.reaction.title,
    message: NOTIFICATION_TEXT.reaction.text(displayName(actor), target.label, info.title),
    link: info.link,
    relatedId: ref.contentId,
    data: { contentType: ref.contentType, contentId: ref.contentId, from_user_id: actorId },
    // A burst of reactions on one thing, from anyone, folds into one unread notification.
    groupKey: `reaction:${ref.contentType}:${ref.contentId}`,
  });
}

/** Deletes a piece of content's reactions; the content area calls it in its delete transaction. */
export async function removeReactions(tx: Tx, ref: ContentRef): Promise<void> {
  await lockContent(tx, ref);
  await tx.delete(reactions).where(ofContent(ref));
}

/** Deletes every reaction a person made (their account is being deleted). */
export async function removePersonReactions(tx: Tx, userId: string): Promise<void> {
  await tx.delete(reactions).where(eq(reactions.userId, userId));
}

/**
 * May this person follow `content:{type}:{id}` (reactions and comments, live)? Only when the kind is
 * registered and its target lets them see the content.
 */
export async function canWatchContent(db: Db, userId: string, id: string): Promise<boolean> {
  const at = id.indexOf(':');
  const target = getContentTarget(id.slice(0, at));
  const contentId = id.slice(at + 1);
  if (at < 0 || !target || !isUuid(contentId)) return false;
  return (await target.resolve(db, userId, contentId)) !== null;
}

export type { ReactionType };
