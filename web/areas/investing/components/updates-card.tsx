import { useCallback, useId, useState } from 'react';
import { INVESTING, INVESTING_MSG } from '@common/investing/model';
import { ZCreateUpdate } from '@common/investing/schemas';
import { imageVariantUrl } from '@common/core/uploads';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { RelativeTime } from '@web/components/relative-time';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { useAddUpdate, useIdeaUpdates } from '../api/get-updates';
import { FileField, type ChosenFile } from './file-field';
import { invalidProps, LabelledControl } from './form-parts';

/**
 * The Updates card, with one 'Updates' on it: its heading for a reader; for the founder, tabs
 * Updates and Add Update in the heading's place (the heading stays, for screen readers only).
 */
export function UpdatesCard({ ideaId, isOwner }: { ideaId: string; isOwner: boolean }) {
  const [tab, setTab] = useState('updates');
  return (
    <Card>
      <CardHeader className={isOwner ? 'sr-only' : undefined}>
        <CardTitle as="h2">{INVESTING_MSG.updates}</CardTitle>
      </CardHeader>
      <CardContent className={isOwner ? 'pt-6' : undefined}>
        {isOwner ? (
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label={INVESTING_MSG.updates}>
              <TabsTrigger value="updates">{INVESTING_MSG.updates}</TabsTrigger>
              <TabsTrigger value="add">{INVESTING_MSG.addUpdate}</TabsTrigger>
            </TabsList>
            <TabsContent value="updates" className="mt-4">
              <UpdateList ideaId={ideaId} />
            </TabsContent>
            <TabsContent value="add" className="mt-4">
              <AddUpdateForm ideaId={ideaId} onAdded={() => setTab('updates')} />
            </TabsContent>
          </Tabs>
        ) : (
          <UpdateList ideaId={ideaId} />
        )}
      </CardContent>
    </Card>
  );
}

function UpdateList({ ideaId }: { ideaId: string }) {
  const query = useIdeaUpdates(ideaId);
  if (query.isPending)
    return (
      <div role="status" aria-label="Loading updates" className="grid gap-3">
        {[0, 1].map((i) => (
          <div key={i} aria-hidden="true" className="h-16 animate-pulse rounded-md bg-muted" />
        ))}
      </div>
    );
  if (query.isError && !query.data)
    return <LoadError message={INVESTING_MSG.updatesLoadFailed} onRetry={query.refetch} />;
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return <p className="py-4 text-sm text-muted-foreground">{INVESTING_MSG.noUpdates}</p>;
  return (
    <>
      <ol aria-label="Updates" className="flex flex-col divide-y divide-border">
        {items.map((u) => (
          <li key={u.id} className="grid gap-2 py-4 first:pt-0">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold break-words">{u.title}</h3>
              <RelativeTime value={u.createdAt} className="text-xs text-muted-foreground" />
            </div>
            <p className="text-sm break-words whitespace-pre-line">{u.content}</p>
            {u.mediaUrl && u.mediaType === 'image' ? (
              <img
                src={imageVariantUrl(u.mediaUrl, 800)}
                alt=""
                loading="lazy"
                className="max-h-80 w-fit max-w-full rounded-md border border-border object-contain"
              />
            ) : u.mediaUrl && u.mediaType === 'video' ? (
              <video
                src={u.mediaUrl}
                controls
                preload="metadata"
                className="max-h-80 w-full rounded-md bg-black"
                aria-label={`Video: ${u.title}`}
              />
            ) : null}
          </li>
        ))}
      </ol>
      <InfiniteListEnd query={query} errorMessage={INVESTING_MSG.updatesLoadFailed} />
    </>
  );
}

function AddUpdateForm({ ideaId, onAdded }: { ideaId: string; onAdded: () => void }) {
  const contentId = useId();
  const add = useAddUpdate(ideaId);
  const [media, setMedia] = useState<ChosenFile | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const onBusy = useCallback((busy: boolean) => setIsUploading(busy), []);
  const [key, setKey] = useState(0);
  const form = useSchemaForm(ZCreateUpdate, (data) => ({
    title: data.get('title'),
    content: data.get('content'),
    mediaUrl: media?.url ?? null,
    mediaType: media ? (media.mediaType === 'video' ? 'video' : 'image') : null,
  }));
  const onSubmit = form.onSubmit((data) =>
    add.mutate(data, {
      onSuccess: () => {
        form.succeeded();
        toast.success(INVESTING_MSG.updateAdded);
        setMedia(null);
        setKey((k) => k + 1);
        onAdded();
      },
      onError: (error) => {
        form.failed(
          error,
          isApiError(error) && error.status === 401
            ? INVESTING_MSG.mustBeLoggedInForUpdates
            : INVESTING_MSG.addUpdateFailed,
        );
      },
    }),
  );
  const title = form.field('title');
  const content = form.field('content');
  return (
    <form
      key={key}
      noValidate
      onSubmit={onSubmit}
      aria-label={INVESTING_MSG.addUpdate}
      className="grid gap-4"
    >
      <Field label="Update Title" autoComplete="off" maxLength={INVESTING.updateTitleMax + 20} {...title} />
      <LabelledControl id={contentId} label="Content" error={content.error}>
        <Textarea
          id={contentId}
          rows={4}
          className="min-h-24"
          {...content}
          {...invalidProps(contentId, content.error)}
        />
      </LabelledControl>
      <FileField
        kind="media"
        label="Image or Video"
        hint="Optional. An image up to 5MB or a video up to 50MB."
        value={media}
        onChange={setMedia}
        onBusyChange={onBusy}
      />
      <Button type="submit" className="w-fit" disabled={add.isPending || isUploading}>
        {add.isPending ? <Spinner /> : null}
        {INVESTING_MSG.addUpdate}
      </Button>
    </form>
  );
}
