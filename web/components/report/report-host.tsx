import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ReportTarget } from './report-dialog';

/*
 * The one Report dialog of the app (issue 20 part B). Any area's content shows a ReportButton or a
 * ReportMenuItem (report-menu-item.tsx), one line each; they open the dialog mounted once by
 * ReportDialogHost in the app's root, so a menu that closes does not take the dialog with it. This
 * file is in the first view, so it stays tiny: the dialog's code loads on first use.
 */

const ReportDialog = lazy(() => import('./report-dialog').then((m) => ({ default: m.ReportDialog })));

type State = { target: ReportTarget | null; open: boolean };
let state: State = { target: null, open: false };
const listeners = new Set<() => void>();
const set = (next: State) => {
  state = next;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Opens the Report dialog about one thing. */
export function openReport(target: ReportTarget): void {
  set({ target, open: true });
}

/** Mounted once in the app root. */
export function ReportDialogHost() {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  if (!current.target) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog
        key={`${current.target.type}:${current.target.id}`}
        target={current.target}
        open={current.open}
        onOpenChange={(open) => set({ ...state, open })}
      />
    </Suspense>
  );
}
