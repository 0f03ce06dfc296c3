import { DIGEST_MSG } from '@common/digests/model';
import { MSG } from '@common/core/texts';
import { LoadError } from '@web/components/load-error';
import { RelativeTime } from '@web/components/relative-time';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { useDigestRuns } from '../api/get-runs';

const Figure = ({ label, value }: { label: string; value: number }) => (
  <div className="grid gap-0.5">
    <span className="text-xs text-muted-foreground">{label}</span>
    <span className="text-lg font-semibold tabular-nums">{value}</span>
  </div>
);

/** The admin dashboard's Digests tab: the job's latest runs and the last 30 days by outcome. */
export default function DigestsAdminTab() {
  const runs = useDigestRuns();
  if (runs.isPending) return <PageSpinner />;
  if (runs.isError) return <LoadError message={MSG.unexpected} onRetry={runs.refetch} />;
  const { totals } = runs.data;
  const last = runs.data.runs[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{DIGEST_MSG.adminHeading}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {last ? (
            <>
              {DIGEST_MSG.adminLastRun}: <RelativeTime value={last.startedAt} />
            </>
          ) : (
            DIGEST_MSG.adminNever
          )}
        </p>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-label={DIGEST_MSG.adminTotals} className="grid gap-2">
          <h3 className="text-sm font-medium">{DIGEST_MSG.adminTotals}</h3>
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Figure label="Sent" value={totals.sent} />
            <Figure label="Nothing new" value={totals.skipped} />
            <Figure label="Failed" value={totals.failed} />
            <Figure label="Sending" value={totals.pending} />
          </div>
        </section>
        {runs.data.runs.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-2 pr-3 font-medium">Run</th>
                  <th className="py-2 pr-3 text-right font-medium">Sent</th>
                  <th className="py-2 pr-3 text-right font-medium">Nothing new</th>
                  <th className="py-2 text-right font-medium">Failed</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {runs.data.runs.map((run) => (
                  <tr key={run.id}>
                    <td className="py-2 pr-3">
                      <RelativeTime value={run.startedAt} />
                      {run.finishedAt ? null : (
                        <span className="ml-2 text-xs text-destructive-text">
                          {DIGEST_MSG.adminUnfinished}
                        </span>
                      )}
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{run.sent}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{run.skipped}</td>
                    <td className="py-2 text-right tabular-nums">{run.failed}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
