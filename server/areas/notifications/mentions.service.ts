import { MENTION_MAX, MENTION_MSG } from '@common/core/mentions';
import { quoteTitle, type NotificationActor } from '@common/notifications/model';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mentions, profiles } from '../../db/schema';
import type { Bus, Envelope } from '../../platform/bus';
import { mentionReaders } from '../../platform/mentions';
import { actorColumns, createNotification, notificationEnvelope } from './notifications.service';

/**
 * The most people ever told of mentions in one piece of content, over all its edits: editing a post
 * again and again with new names cannot turn it into a stream of notifications.
 */
export const MENTIONS_PER_CONTENT_MAX = MENTION_MAX * 2;

export type MentionNotice = {
  /** A report target's type: 'comment', 'message', 'group_post', 'forum_post'... */
  kind: string;
  contentId: string;
  authorId: string;
  /** The author's display fields when the caller has them (actorOfViewer): saves a query. */
  author?: NotificationActor;
  /** The saved text (after an edit: the whole new text). */
  text: string;
  /** Where the notification leads, when the report target has no link for it (a message). */
  link?: string;
  /** The thing's title, when it has one: the notification quotes it. */
  title?: string | null;
  /**
   * People the writing area tells about this text already (a message's receiver, a comment's
   * content owner): recorded as told, so they get their one notification, not a second.
   */
  alreadyTold?: readonly string[];
};

/**
 * Tells each person a saved text newly mentions, once per content and person (docs/decisions/027):
 * only people who may read it (platform/mentions.ts), never the writer, never again on an edit.
 * Call it after the text's transaction has committed; returns whom it told.
 */
export async function notifyMentions(deps: { db: Db; bus: Bus }, input: MentionNotice): Promise<string[]> {
  const readers = await mentionReaders(deps.db, input);
  if (!readers.length) return [];
  const envelopes: Envelope[] = [];
  const told = await deps.db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(mentions)
      .where(and(eq(mentions.contentKind, input.kind), eq(mentions.contentId, input.contentId)));
    const room = Math.max(0, MENTIONS_PER_CONTENT_MAX - n);
    if (!room) return [];
    const fresh = await tx
      .insert(mentions)
      .values(
        readers.slice(0, room).map((r) => ({
          contentKind: input.kind,
          contentId: input.contentId,
          userId: r.userId,
          authorId: input.authorId,
        })),
      )
      .onConflictDoNothing()
      .returning({ userId: mentions.userId });
    const skip = new Set(input.alreadyTold ?? []);
    const toTell = fresh
      .map((f) => readers.find((r) => r.userId === f.userId)!)
      .filter((r) => !skip.has(r.userId));
    if (!toTell.length) return [];
    const given = input.author?.id === input.authorId ? input.author : undefined;
    const [actor] = given
      ? [{ id: given.id, username: given.username, fullName: given.fullName, avatarUrl: given.avatarUrl }]
      : await tx.select(actorColumns).from(profiles).where(eq(profiles.id, input.authorId));
    if (!actor) return [];
    const name = actor.fullName || actor.username;
    for (const r of toTell) {
      const n = await createNotification(tx, {
        userId: r.userId,
        actorId: input.authorId,
        actor,
        type: 'mention',
        title: MENTION_MSG.notificationTitle,
        message: MENTION_MSG.notificationText(name, r.label, input.title ? quoteTitle(input.title) : null),
        link: r.link ?? input.link ?? null,
        relatedId: input.contentId,
        data: { contentKind: input.kind, contentId: input.contentId, from_user_id: input.authorId },
        // Each mention is news of its own: never folded into an unread one.
        fold: false,
      });
      if (n) envelopes.push(notificationEnvelope(r.userId, n));
    }
    return toTell.map((r) => r.userId);
  });
  if (envelopes.length) deps.bus.publish(...envelopes);
  return told;
}
