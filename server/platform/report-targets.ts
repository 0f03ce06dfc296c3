import type { Db } from '../db/client';
import type { AppDeps, Viewer } from '../lib/context';

/*
 * What members may report (decision 012). Each area registers the kinds of thing it owns; the admin
 * area's reports ask the kind who wrote a reported thing, what it says and where it shows, and have
 * it removed, so moderation never reads or writes another area's tables.
 */

/** A reported thing the reporter may see. */
export type ReportedThing = {
  /** Who wrote it (the person, for a profile): what "ban" acts on; never the reporter. */
  ownerId: string;
  /** The app path that shows it, if any (a message has none). */
  link: string | null;
  /** Its words as the reporter saw them; the admin area shortens them into the report's excerpt. */
  text: string | null;
};

export type ReportTarget = {
  /** The report's `target_type` (the reports table's check constraint lists the allowed ones). */
  type: string;
  /** How the report names it: 'Report this {label}'. */
  label: string;
  /**
   * The thing if it exists and `viewerId` may see it, else null (the reporter gets a 404). Put the
   * visibility rules (drafts, private groups, blocks) in the query.
   */
  find(db: Db, viewerId: string, id: string): Promise<ReportedThing | null>;
  /**
   * Removes it through the area's own delete path, as the admin. Absent: it cannot be removed here
   * (the admin bans its author or dismisses the report). A thing already gone is a NOT_FOUND error.
   */
  remove?(deps: AppDeps, admin: Viewer, id: string): Promise<void>;
};

const targets = new Map<string, ReportTarget>();

export function registerReportTarget(target: ReportTarget): void {
  targets.set(target.type, target);
}

/** The registered kind, or undefined for one no area has registered. */
export function getReportTarget(type: string): ReportTarget | undefined {
  return targets.get(type);
}

/** Every registered kind (the contract test compares them with the database's constraint). */
export function reportTargets(): ReportTarget[] {
  return [...targets.values()];
}
