import { SETTINGS_MSG, type BlockedPerson } from '@common/profiles/model';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { markGroupRead } from '../notifications';
import { notBlockedWith } from '../../db/rules';
import {
  accessChangedEnvelope,
  change,
  changedEnvelopes,
  deleteRow,
  personColumns,
  requestKey,
  type ConnectionDeps,
} from './connection-pair';

/*
 * Blocks: blocking ends both people's connections and any pending
 * request for good, unblocking restores nothing, and the viewer's list of people they block. A
 * block either way also decides who may message whom (canContact, the area's message policy).
 */

/** May `from` message `to`? Not when either blocks the other, nor to a deleted account. */
export async function canContact(db: Db, from: string, to: string): Promise<boolean> {
  const [row] = await db
    .execute<{ ok: boolean }>(
      sql`select exists (select 1 from profiles where id = ${to} and deleted_at is null) and ${notBlockedWith(from, sql`${to}::uuid`)} as ok`,
    )
    .then((r) => r.rows);
  return row?.ok === true;
}

/**
 * Block: both people's connections go and stay gone; unblocking restores nothing. Either way what
 * the two may see of each other changes, so their live subscriptions are checked again.
 */
export async function blockUser(deps: ConnectionDeps, viewerId: string, otherId: string) {
  if (viewerId === otherId) throw new AppError('VALIDATION', SETTINGS_MSG.notYourself);
  await change(
    deps,
    viewerId,
    otherId,
    async (tx) => {
      await tx.insert(blocks).values({ blockerId: viewerId, blockedId: otherId }).onConflictDoNothing();
      await deleteRow(tx, viewerId, otherId);
      await deleteRow(tx, otherId, viewerId);
      await markGroupRead(tx, viewerId, requestKey(otherId));
      return [];
    },
    { allowBlocked: true, accessChanged: true },
  );
  return { blocked: true };
}

export async function unblockUser(deps: ConnectionDeps, viewerId: string, otherId: string) {
  const rows = await deps.db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, otherId)))
    .returning({ id: blocks.blockedId });
  if (rows.length)
    deps.bus.publish(...changedEnvelopes(viewerId, otherId, false), accessChangedEnvelope(viewerId, otherId));
  return { blocked: false };
}

export async function listBlocked(db: Db, viewerId: string): Promise<BlockedPerson[]> {
  const rows = await db
    .select({ ...personColumns, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.id, blocks.blockedId))
    .where(eq(blocks.blockerId, viewerId))
    .orderBy(sql`${blocks.createdAt} desc`)
    .limit(500);
  return rows.map((r) => ({ ...r, blockedAt: r.blockedAt.toISOString() }));
}
