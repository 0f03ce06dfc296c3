import { connections } from '../../db/schema/connections';
import type { DemoContext, DemoPerson } from '../../platform/demo';
import { followNotice, friendAcceptedNotice, friendRequestNotice } from './connection-notices';

/*
 * The demo community's follows, friendships and friend requests, with the rows and notifications
 * the connections service would have left: one row per direction (friends hold one each way, the
 * requester's from the request, the accepter's from the acceptance), a request as the requester's
 * friend_requested row, and the notices of each step.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Row = typeof connections.$inferInsert;

export async function demo(ctx: DemoContext): Promise<void> {
  const { people, featured } = ctx;
  const rows = new Map<string, Row>();
  const key = (a: DemoPerson, b: DemoPerson) => `${a.id}>${b.id}`;
  const linked = (a: DemoPerson, b: DemoPerson) => rows.has(key(a, b)) || rows.has(key(b, a));
  const isFeatured = (p: DemoPerson) => featured.includes(p);
  const add = (row: Row) => rows.set(`${row.userId}>${row.connectedUserId}`, row);
  /** A moment after both had joined (and after `after`), an hour or more before now. */
  const momentFor = (a: DemoPerson, b: DemoPerson, after?: Date) =>
    ctx.timeBetween(
      new Date(ctx.latest(a.joinedAt, b.joinedAt, after ?? a.joinedAt).getTime() + HOUR),
      new Date(ctx.now.getTime() - HOUR),
    );
  /** Older notices were read some hours after; the featured accounts keep the last days' unread. */
  const readAfter = (to: DemoPerson, at: Date, unreadWithinDays = 2) => {
    const recent = ctx.now.getTime() - at.getTime() < unreadWithinDays * DAY;
    if (recent && (isFeatured(to) || ctx.chance(0.5))) return null;
    return new Date(Math.min(at.getTime() + ctx.between(1, 20) * HOUR, ctx.now.getTime() - 60_000));
  };

  // A few dozen well-known members draw most follows; the featured accounts are among them.
  const popular = new Set([...featured, ...ctx.sample(people.slice(2), 24)]);
  const weighted = people.flatMap((p) => (popular.has(p) ? [p, p, p, p, p, p] : [p]));

  // Friendships: the featured accounts have a circle of about twenty, everyone else a handful.
  const pairs: [DemoPerson, DemoPerson][] = [];
  for (const f of featured)
    for (const other of ctx.sample(
      people.filter((p) => p !== f),
      ctx.between(20, 26),
    ))
      pairs.push(ctx.chance(0.5) ? [f, other] : [other, f]);
  for (const p of people.slice(2))
    for (let i = ctx.between(0, 3); i > 0; i--) pairs.push([p, ctx.pick(people)]);
  for (const [requester, accepter] of pairs) {
    if (requester === accepter || linked(requester, accepter)) continue;
    const requestedAt = momentFor(requester, accepter);
    const since = new Date(
      Math.min(requestedAt.getTime() + ctx.between(10, 48 * 60) * 60_000, ctx.now.getTime() - 30 * 60_000),
    );
    add({
      userId: requester.id,
      connectedUserId: accepter.id,
      status: 'friends',
      createdAt: requestedAt,
      updatedAt: since,
    });
    add({
      userId: accepter.id,
      connectedUserId: requester.id,
      status: 'friends',
      createdAt: since,
      updatedAt: since,
    });
    ctx.friendships.push({ a: requester, b: accepter, requestedAt, since });
    ctx.notify({
      userId: accepter.id,
      ...friendRequestNotice(requester),
      at: requestedAt,
      // Accepting marks the request's notification read.
      readAt: since,
    });
    ctx.notify({
      userId: requester.id,
      ...friendAcceptedNotice(accepter),
      at: since,
      readAt: readAfter(requester, since),
    });
  }

  // Pending requests: several waiting for each featured account, one or two of theirs, a few elsewhere.
  const requests: [DemoPerson, DemoPerson, Date][] = [];
  for (const f of featured) {
    const strangers = people.filter((p) => p !== f && !isFeatured(p) && !linked(p, f));
    for (const from of ctx.sample(strangers, ctx.between(4, 5)))
      requests.push([from, f, ctx.timeBetween(ctx.latest(from.joinedAt, ctx.daysAgo(6)), ctx.daysAgo(0.05))]);
    for (const to of ctx.sample(strangers, 2))
      requests.push([f, to, ctx.timeBetween(ctx.latest(to.joinedAt, ctx.daysAgo(8)), ctx.daysAgo(0.5))]);
  }
  for (let i = 0; i < 30; i++) {
    const [from, to] = ctx.sample(people.slice(2), 2) as [DemoPerson, DemoPerson];
    requests.push([from, to, momentFor(from, to)]);
  }
  for (const [from, to, at] of requests) {
    if (linked(from, to)) continue;
    add({
      userId: from.id,
      connectedUserId: to.id,
      status: 'friend_requested',
      createdAt: at,
      updatedAt: at,
    });
    ctx.notify({
      userId: to.id,
      ...friendRequestNotice(from),
      at,
      readAt: isFeatured(to) ? null : readAfter(to, at, 7),
    });
  }

  // Follows: everyone follows a few people, mostly the well-known ones; the featured follow more.
  for (const p of people) {
    const wanted = isFeatured(p) ? ctx.between(30, 40) : ctx.between(2, 14);
    for (let tries = 0, made = 0; made < wanted && tries < wanted * 4; tries++) {
      const other = ctx.pick(weighted);
      if (other === p || rows.has(key(p, other))) continue;
      const at = momentFor(p, other);
      add({ userId: p.id, connectedUserId: other.id, status: 'following', createdAt: at, updatedAt: at });
      made++;
      ctx.notify({
        userId: other.id,
        ...followNotice(p),
        at,
        readAt: readAfter(other, at),
      });
    }
  }

  const all = [...rows.values()].map((row) => ({ id: ctx.uuid(), ...row }));
  for (let i = 0; i < all.length; i += 500) await ctx.db.insert(connections).values(all.slice(i, i + 500));
  ctx.count('friendships', ctx.friendships.length);
  ctx.count('friend requests', all.filter((r) => r.status === 'friend_requested').length);
  ctx.count('follows', all.filter((r) => r.status === 'following').length);
}
