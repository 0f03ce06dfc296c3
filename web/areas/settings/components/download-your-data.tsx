import { Download } from 'lucide-react';
import { DATA_EXPORT_MSG } from '@common/settings/data-export';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { Spinner } from '@web/components/ui/spinner';
import { useDataExport, useRequestDataExport } from '../api/data-export';

function formatBytes(bytes: number | null) {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Settings > Privacy: ask for a ZIP of one's data, watch it being prepared, download it. */
export function DownloadYourData() {
  const query = useDataExport();
  const request = useRequestDataExport();
  const current = query.data?.export ?? null;
  const preparing = current?.status === 'queued' || current?.status === 'building';
  const requestError = request.error instanceof Error ? request.error.message : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{DATA_EXPORT_MSG.title}</CardTitle>
        <CardDescription>{DATA_EXPORT_MSG.intro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {query.isPending ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner />
            Loading…
          </div>
        ) : query.isError ? (
          <div className="flex flex-wrap items-center gap-2 text-sm" role="alert">
            <span className="text-destructive">{DATA_EXPORT_MSG.loadError}</span>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            {preparing && current ? (
              <div className="grid gap-2" role="status" aria-live="polite">
                <p className="text-sm">
                  {DATA_EXPORT_MSG.preparing} {current.progress}%
                </p>
                <Progress value={current.progress} label={DATA_EXPORT_MSG.preparing} />
                <p className="text-sm text-muted-foreground">{DATA_EXPORT_MSG.mailNote}</p>
              </div>
            ) : null}
            {current?.status === 'ready' && current.downloadUrl ? (
              <div className="grid gap-2" role="status" aria-live="polite">
                <p className="text-sm">
                  {DATA_EXPORT_MSG.ready} Available until{' '}
                  {new Date(current.expiresAt!).toLocaleDateString(undefined, { dateStyle: 'medium' })}.
                </p>
                <Button asChild className="w-full sm:w-fit">
                  <a href={current.downloadUrl} download>
                    <Download aria-hidden="true" className="size-4" />
                    {DATA_EXPORT_MSG.download} ({formatBytes(current.bytes)})
                  </a>
                </Button>
              </div>
            ) : null}
            {current?.status === 'failed' ? (
              <p className="text-sm text-destructive" role="alert">
                {DATA_EXPORT_MSG.failed}
              </p>
            ) : null}
            {current?.status === 'expired' ? (
              <p className="text-sm text-muted-foreground">{DATA_EXPORT_MSG.expired}</p>
            ) : null}
            {!preparing ? (
              <div className="grid gap-2">
                <Button
                  variant={current?.status === 'ready' ? 'outline' : 'default'}
                  className="w-full sm:w-fit"
                  disabled={request.isPending}
                  onClick={() => request.mutate()}
                >
                  {request.isPending ? <Spinner /> : null}
                  {current ? DATA_EXPORT_MSG.requestAgain : DATA_EXPORT_MSG.request}
                </Button>
                {!current ? (
                  <p className="text-sm text-muted-foreground">{DATA_EXPORT_MSG.mailNote}</p>
                ) : null}
              </div>
            ) : null}
            {requestError ? (
              <p className="text-sm text-destructive" role="alert">
                {requestError}
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
