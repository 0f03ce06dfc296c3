import { MENTION_MAX, mentionedIds } from '@common/core/mentions';
import { isUuid } from '@common/core/ids';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blockedEitherIds, type Tx, visiblePerson } from '../db/rules';
import { getReportTarget } from './report-targets';

/*
 * Who a mention may reach (docs/decisions/027). A text names people by id (common/core/mentions.ts);
 * only those who can read the text are told: a live account, not blocked either way with the writer,
 * for whom the thing's report target (platform/report-targets.ts: every kind of thing people write
 * registers one, with its visibility rules) finds it. A private group's post is not found for a
 * non-member, a message for someone outside the conversation, so neither is told.
 */

/** A mentioned person who may read the text, and where the text shows for them. */
export type MentionReader = { userId: string; link: string | null; label: string };

/**
 * The people `text` mentions who may read the thing `kind`/`contentId` written by `authorId`, at
 * most MENTION_MAX of them (the schemas refuse more), never the writer. Call it once the thing is
 * committed: the report target reads it as the mentioned person would.
 */
export async function mentionReaders(
  db: Db,
  input: { kind: string; contentId: string; authorId: string; text: string },
): Promise<MentionReader[]> {
  const target = getReportTarget(input.kind);
  if (!target) throw new Error(`No report target for mentions in "${input.kind}"`);
  const ids = mentionedIds(input.text)
    .filter((id) => isUuid(id) && id !== input.authorId.toLowerCase())
    .slice(0, MENTION_MAX);
  if (!ids.length) return [];
  const { rows } = await db.execute<{ id: string }>(sql`
    select p.id::text as id from profiles p
    where p.id = any (${`{${ids.join(',')}}`}::uuid[]) and ${visiblePerson('p')}
      and not (p.id = any (${blockedEitherIds(input.authorId)}))`);
  const readers: MentionReader[] = [];
  for (const { id } of rows) {
    const thing = await target.find(db, id, input.contentId);
    if (thing) readers.push({ userId: id, link: thing.link, label: target.label });
  }
  return readers;
}

/** A mentioned person's current name, for texts that hold their id. */
export type MentionedPerson = {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
};

/**
 * The current names of people texts mention, as `viewerId` may see them (null: a visitor): live
 * accounts only, never someone blocked either way (their mention stays the plain name the text holds).
 */
export async function listMentionedPeople(
  db: Db | Tx,
  viewerId: string | null,
  ids: string[],
): Promise<MentionedPerson[]> {
  const valid = ids.filter(isUuid);
  if (!valid.length) return [];
  const { rows } = await db.execute<MentionedPerson>(sql`
    select p.id::text as id, p.username, p.full_name as "fullName", p.avatar_url as "avatarUrl" from profiles p
    where p.id = any (${`{${valid.join(',')}}`}::uuid[]) and ${visiblePerson('p')}
      ${viewerId ? sql`and not (p.id = any (${blockedEitherIds(viewerId)}))` : sql``}`);
  return rows;
}
