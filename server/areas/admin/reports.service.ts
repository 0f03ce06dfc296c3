import {
  MODERATION,
  MODERATION_MSG,
  MODERATION_TOPIC,
  REPORT_NOTICE,
  type Report,
  type ReportAction,
  type ReportPage,
  type ReportTargetType,
} from '@common/admin/moderation';
import type { CreateReport, ReportQuery, ResolveReport } from '@common/admin/moderation-schemas';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/rules';
import type { AppDeps, Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { cursorTime, decodeTimeCursor, encodeTimeCursor, microsOf, splitPage } from '../../lib/pagination';
import { enforce, type RateLimit } from '../../platform/rate-limit';
import { getReportTarget } from '../../platform/report-targets';
import { notify } from '../notifications';
import { recordAdminAction } from './audit-log';
import { banPerson } from './bans.service';

/*
 * Members' reports (issue 20 part B). A member reports something they can see (what they cannot see
 * is a 404, the same as what is not there), once while it is open, within an hourly limit. Each area
 * registers what may be reported of its own (platform/report-targets.ts): who wrote it, its words,
 * its link, and how to remove it; this file reads no area's tables. An admin resolves a report by
 * removing the thing through its own area's delete path, banning its author, or
 * dismissing it; every open report of the same thing closes with it and each reporter is told.
 * Two admins at once: the conditional UPDATE ... WHERE status = 'open' lets one win.
 */

const REPORT_LIMIT: RateLimit = { name: 'reports', max: MODERATION.reportsPerHour, windowSec: 60 * 60 };

type Found = { ownerId: string; link: string | null; excerpt: string | null };

const rows = async <T>(db: Tx, query: SQL) =>
  (await db.execute<T & Record<string, unknown>>(query)).rows as T[];

const cut = (s: string | null | undefined) => {
  if (!s) return null;
  const t = s.trim().replace(/\s+/g, ' ');
  return t.length > MODERATION.excerptMax ? `${t.slice(0, MODERATION.excerptMax - 1).trimEnd()}…` : t;
};

/** The reported thing, if its kind is registered and the reporter may see it; else null (a 404). */
async function findTarget(
  db: Db,
  viewerId: string,
  type: ReportTargetType,
  id: string,
): Promise<Found | null> {
  const target = getReportTarget(type);
  const found = target ? await target.find(db, viewerId, id) : null;
  return found && { ownerId: found.ownerId, link: found.link, excerpt: cut(found.text) };
}

const changed = (deps: Pick<AppDeps, 'bus'>) =>
  deps.bus.publish({ topic: MODERATION_TOPIC, event: { type: 'moderation.changed', part: 'reports' } });

/** POST /api/reports: a member reports a thing they can see, once while open. */
export async function createReport(
  deps: AppDeps,
  viewer: Viewer,
  input: CreateReport,
): Promise<{ id: string }> {
  if (!getReportTarget(input.targetType))
    throw new AppError('VALIDATION', undefined, { targetType: MODERATION_MSG.cannotReport });
  const found = await findTarget(deps.db, viewer.id, input.targetType, input.targetId);
  if (!found) throw new AppError('NOT_FOUND', MODERATION_MSG.reportNotFound);
  if (found.ownerId === viewer.id) throw new AppError('FORBIDDEN', MODERATION_MSG.ownContent);
  await enforce(deps.db, REPORT_LIMIT, viewer.id, MODERATION_MSG.reportLimited);
  const [row] = await rows<{ id: string }>(
    deps.db,
    sql`insert into reports (reporter_id, target_type, target_id, owner_id, reason, details, excerpt, link)
      values (${viewer.id}, ${input.targetType}, ${input.targetId}, ${found.ownerId}, ${input.reason},
        ${input.details}, ${found.excerpt}, ${found.link})
      on conflict (reporter_id, target_type, target_id) where status = 'open' do nothing
      returning id::text as id`,
  );
  if (!row) throw new AppError('CONFLICT', MODERATION_MSG.alreadyReported);
  changed(deps);
  return { id: row.id };
}

type ReportRow = {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  reason: Report['reason'];
  details: string | null;
  excerpt: string | null;
  link: string | null;
  status: Report['status'];
  action: ReportAction | null;
  note: string | null;
  resolved_at: string | Date | null;
  created_at: string | Date;
  sort_micros: string;
  reporter: PersonJson | null;
  owner: PersonJson | null;
  resolver: { id: string; username: string; fullName?: string } | null;
};
type PersonJson = {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
  title: string | null;
};

const iso = (d: string | Date) => new Date(d).toISOString();
const personJson = (col: SQL) =>
  sql`(select json_build_object('id', p.id::text, 'username', p.username, 'fullName', p.full_name,
    'avatarUrl', p.avatar_url, 'title', p.title) from profiles p where p.id = ${col})`;

/** A report with its people, as the Reports tab shows it. */
const REPORT_SELECT = sql`select r.id::text as id, r.target_type, r.target_id::text as target_id, r.reason,
    r.details, r.excerpt, r.link, r.status, r.action, r.note, r.resolved_at, r.created_at,
    ${microsOf(sql`r.created_at`)} as sort_micros,
    ${personJson(sql`r.reporter_id`)} as reporter, ${personJson(sql`r.owner_id`)} as owner,
    (select json_strip_nulls(json_build_object('id', m.id::text, 'username', m.username,
        'fullName', nullif(nullif(btrim(m.full_name), ''), m.username))) from profiles m
      where m.id = r.resolved_by) as resolver
  from reports r`;

function toReport(r: ReportRow): Report {
  return {
    id: r.id,
    targetType: r.target_type,
    targetId: r.target_id,
    targetLabel: getReportTarget(r.target_type)?.label ?? r.target_type,
    reason: r.reason,
    details: r.details,
    excerpt: r.excerpt,
    link: r.link,
    reporter: r.reporter && { ...r.reporter, bio: null },
    owner: r.owner && { ...r.owner, bio: null },
    status: r.status,
    action: r.action,
    note: r.note,
    resolvedBy: r.resolver,
    resolvedAt: r.resolved_at ? iso(r.resolved_at) : null,
    createdAt: iso(r.created_at),
    canRemove: canRemove(r.target_type),
  };
}

/** GET /api/admin/reports: open or resolved reports, newest first, by cursor. */
export async function listReports(db: Db, q: ReportQuery): Promise<ReportPage> {
  const cursor = q.cursor ? decodeTimeCursor(q.cursor, MODERATION_MSG.reportNotFoundAdmin) : null;
  const found = await rows<ReportRow>(
    db,
    sql`${REPORT_SELECT} where r.status = ${q.status}
      ${cursor ? sql`and (r.created_at, r.id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)` : sql``}
      order by r.created_at desc, r.id desc limit ${q.limit + 1}`,
  );
  const { page, more } = splitPage(found, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toReport),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.sort_micros, id: last.id }) : null,
  };
}

/** Whether "remove" applies: the kind's area gave a delete path (a profile or a message has none). */
const canRemove = (type: ReportTargetType) => Boolean(getReportTarget(type)?.remove);

/** The thing's own area removes it, as the admin (each delete path lets a super admin). */
async function removeTarget(deps: AppDeps, admin: Viewer, type: ReportTargetType, id: string) {
  const remove = getReportTarget(type)?.remove;
  if (!remove) throw new AppError('VALIDATION', MODERATION_MSG.cannotRemove);
  try {
    await remove(deps, admin, id);
  } catch (err) {
    // Gone already (its author deleted it): what the admin wanted.
    if (err instanceof AppError && err.code === 'NOT_FOUND') return;
    throw err;
  }
}

/**
 * POST /api/admin/reports/{id}/resolve. Claims every open report of the same thing in one
 * conditional UPDATE; the admin who loses the race gets 409 'already handled'. If the action then
 * fails, the claim is undone, so the reports stay open.
 */
export async function resolveReport(
  deps: AppDeps,
  admin: Viewer,
  id: string,
  input: ResolveReport,
): Promise<Report> {
  const [report] = await rows<{
    target_type: ReportTargetType;
    target_id: string;
    owner_id: string | null;
    status: string;
    excerpt: string | null;
    link: string | null;
  }>(
    deps.db,
    sql`select target_type, target_id::text as target_id, owner_id::text as owner_id, status, excerpt, link
      from reports where id = ${id}`,
  );
  if (!report) throw new AppError('NOT_FOUND', MODERATION_MSG.reportNotFoundAdmin);
  if (report.status !== 'open') throw new AppError('CONFLICT', MODERATION_MSG.alreadyHandled);
  if (input.action === 'remove' && !canRemove(report.target_type))
    throw new AppError('VALIDATION', MODERATION_MSG.cannotRemove);
  if (input.action === 'ban' && !report.owner_id) throw new AppError('NOT_FOUND', MODERATION_MSG.contentGone);

  const claimed = await rows<{ id: string; reporter_id: string }>(
    deps.db,
    sql`update reports set status = 'resolved', action = ${input.action}, note = ${input.note},
        resolved_by = ${admin.id}, resolved_at = now()
      where target_type = ${report.target_type} and target_id = ${report.target_id} and status = 'open'
      returning id::text as id, reporter_id::text as reporter_id`,
  );
  const unclaim = async () => {
    if (claimed.length === 0) return;
    await deps.db.execute(
      sql`update reports set status = 'open', action = null, note = null, resolved_by = null, resolved_at = null
        where id in (${sql.join(
          claimed.map((c) => sql`${c.id}::uuid`),
          sql`, `,
        )})`,
    );
  };
  if (!claimed.some((c) => c.id === id)) {
    // Another admin closed this one first; reports that arrived since stay open.
    await unclaim();
    throw new AppError('CONFLICT', MODERATION_MSG.alreadyHandled);
  }

  try {
    if (input.action === 'remove') await removeTarget(deps, admin, report.target_type, report.target_id);
    if (input.action === 'ban') {
      const outcome = await banPerson(deps, {
        adminId: admin.id,
        userId: report.owner_id!,
        reason: input.note ?? 'Reported content',
      });
      if (outcome === 'refused') throw new AppError('FORBIDDEN', MODERATION_MSG.cannotBanAdmin);
      if (outcome === 'not-found') throw new AppError('NOT_FOUND', MODERATION_MSG.contentGone);
    }
  } catch (err) {
    await unclaim();
    throw err;
  }

  await recordAdminAction(deps.db, {
    adminId: admin.id,
    action: `report.${input.action}`,
    targetType: report.target_type,
    targetId: report.target_id,
    // The audit log names the content by its words and links to it (until it is removed), and
    // names its author.
    detail: {
      reportIds: claimed.map((c) => c.id),
      note: input.note,
      excerpt: report.excerpt,
      link: input.action === 'remove' ? null : report.link,
      ownerId: report.owner_id,
    },
  });
  const label = getReportTarget(report.target_type)?.label ?? report.target_type;
  // One notification per reporter: each claimed report once, whoever else reported the same thing.
  for (const reporter of new Set(claimed.map((c) => c.reporter_id))) {
    await notify(deps, {
      userId: reporter,
      type: 'moderation',
      title: REPORT_NOTICE.title,
      message: REPORT_NOTICE.text(label, input.action),
      link: null,
      relatedId: id,
    });
  }
  changed(deps);
  const [row] = await rows<ReportRow>(deps.db, sql`${REPORT_SELECT} where r.id = ${id}`);
  return toReport(row!);
}

/** The "open reports" stat card (part A's dashboard). */
export async function countOpen(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reports where status = 'open'`,
  );
  return Number(row?.n ?? 0);
}
