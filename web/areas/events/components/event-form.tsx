import { ImagePlus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { imageVariantUrl, UPLOAD_MSG } from '@common/core/uploads';
import { EVENT_MSG, EVENT_TYPE_LABELS, EVENT_TYPES, type EventDetail } from '@common/events/model';
import { completeUrl } from '@common/core/web-links';
import { startsAtFrom, ZEventForm, type EventInput } from '@common/events/schemas';
import { ImageFileInput, UploadProgress } from '@web/components/image-upload-parts';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { checkImageFile, uploadFile } from '@web/lib/upload';
import { refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useSchemaForm } from '@web/lib/use-schema-form';

const pad = (n: number) => String(n).padStart(2, '0');
/** The event's start as the viewer's local date and time, for the inputs. */
function localParts(iso: string) {
  const d = new Date(iso);
  return {
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

/**
 * The create and edit form: Event Title, Description, Date, Time (the viewer's time zone),
 * Location, online or in person, optional maximum attendees, Cover Photo with a progress bar.
 * Checked by the shared schema before sending, with the server's field errors in the same places.
 */
export function EventForm({
  initial,
  submitLabel,
  isSaving,
  onSubmit,
  onCancel,
  failedText,
}: {
  initial?: EventDetail;
  submitLabel: string;
  isSaving: boolean;
  /** `outcome`: the form's error toast (with the server's field errors beside their fields) or its end. */
  onSubmit: (input: EventInput, outcome: { failed: (e: unknown) => void; succeeded: () => void }) => void;
  onCancel: () => void;
  failedText: string;
}) {
  const [cover, setCover] = useState<string | null>(initial?.coverPhotoUrl ?? null);
  const [percent, setPercent] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const form = useSchemaForm(ZEventForm, (data) => ({
    title: data.get('title'),
    description: data.get('description') ?? '',
    date: data.get('date'),
    time: data.get('time'),
    endTime: data.get('endTime') ?? '',
    meetingUrl: completeUrl(String(data.get('meetingUrl') ?? '')),
    location: data.get('location'),
    type: data.get('type') ?? 'in_person',
    maxAttendees: data.get('maxAttendees') ?? '',
    coverPhotoUrl: cover,
  }));
  const start = initial ? localParts(initial.startsAt) : null;
  const end = initial?.endsAt ? localParts(initial.endsAt) : null;

  const chooseCover = async (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    controller.current = new AbortController();
    setUploading(true);
    try {
      const { url } = await uploadFile<{ url: string }>('/api/events/covers', file, {
        onProgress: setPercent,
        signal: controller.current.signal,
      });
      setCover(url);
      toast.success(EVENT_MSG.coverUploaded);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        toast.error(UPLOAD_MSG.uploadFailed, { description: refusalText(error) ?? '' });
    } finally {
      setUploading(false);
      setPercent(null);
      controller.current = null;
    }
  };

  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={form.onSubmit((data) => {
        const startsAt = startsAtFrom(data.date, data.time);
        if (!startsAt) {
          form.showErrors({ date: EVENT_MSG.startsAtInvalid });
          return;
        }
        const endsAt = data.endTime ? startsAtFrom(data.date, data.endTime) : null;
        if (endsAt !== null && Date.parse(endsAt) <= Date.parse(startsAt)) {
          form.showErrors({ endTime: EVENT_MSG.endBeforeStart });
          return;
        }
        onSubmit(
          {
            title: data.title,
            description: data.description,
            startsAt,
            endsAt,
            meetingUrl: data.meetingUrl || null,
            location: data.location,
            type: data.type,
            maxAttendees: data.maxAttendees === '' ? null : Number(data.maxAttendees),
            coverPhotoUrl: cover,
          },
          {
            failed: (e) => form.failed(e, failedText, { description: refusalText(e) ?? '' }),
            succeeded: form.succeeded,
          },
        );
      })}
    >
      <Field
        name="title"
        label={EVENT_MSG.fieldTitle}
        defaultValue={initial?.title}
        error={form.errors.title}
        required
        maxLength={150}
      />
      <div className="grid gap-2">
        <Label htmlFor="event-description">{EVENT_MSG.fieldDescription}</Label>
        <Textarea
          id="event-description"
          name="description"
          rows={5}
          defaultValue={initial?.description}
          aria-invalid={form.errors.description ? true : undefined}
          aria-describedby={form.errors.description ? 'event-description-error' : undefined}
        />
        {form.errors.description ? (
          <p id="event-description-error" className="text-sm text-destructive-text">
            {form.errors.description}
          </p>
        ) : null}
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field
          name="date"
          type="date"
          label={EVENT_MSG.fieldDate}
          defaultValue={start?.date}
          error={form.errors.date}
          required
        />
        <Field
          name="time"
          type="time"
          label={EVENT_MSG.fieldTime}
          defaultValue={start?.time}
          error={form.errors.time}
          required
        />
        <Field
          name="endTime"
          type="time"
          label={EVENT_MSG.fieldEnd}
          defaultValue={end?.time}
          error={form.errors.endTime ?? form.errors.endsAt}
        />
      </div>
      <Field
        name="location"
        label={EVENT_MSG.fieldLocation}
        defaultValue={initial?.location}
        error={form.errors.location}
        required
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{EVENT_MSG.fieldType}</legend>
        <div className="flex flex-wrap gap-4">
          {[...EVENT_TYPES].map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="type"
                value={type}
                defaultChecked={(initial?.type ?? 'in_person') === type}
                className="size-4 accent-primary"
              />
              {EVENT_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        name="meetingUrl"
        type="url"
        inputMode="url"
        label={EVENT_MSG.fieldMeetingUrl}
        hint={EVENT_MSG.fieldMeetingUrlHint}
        defaultValue={initial?.meetingUrl ?? ''}
        error={form.errors.meetingUrl}
        maxLength={500}
      />
      <Field
        name="maxAttendees"
        type="number"
        inputMode="numeric"
        min={1}
        label={EVENT_MSG.fieldMax}
        hint={EVENT_MSG.fieldMaxHint}
        defaultValue={initial?.maxAttendees ?? ''}
        error={form.errors.maxAttendees}
      />
      <div className="grid gap-2">
        <span className="text-sm font-medium" id="cover-label">
          {EVENT_MSG.fieldCover}
        </span>
        {cover ? (
          <div className="relative">
            <img
              src={imageVariantUrl(cover, 750)}
              alt=""
              className="aspect-[3/1] w-full rounded-md border object-cover"
            />
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="absolute top-2 right-2"
              onClick={() => setCover(null)}
            >
              <Trash2 aria-hidden="true" />
              {EVENT_MSG.removeCover}
            </Button>
          </div>
        ) : null}
        {uploading ? (
          <UploadProgress
            percent={percent}
            label={EVENT_MSG.fieldCover}
            onCancel={() => controller.current?.abort()}
          />
        ) : (
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => fileRef.current?.click()}
              aria-describedby="cover-label"
            >
              <ImagePlus aria-hidden="true" />
              {EVENT_MSG.fieldCover}
            </Button>
            <ImageFileInput ref={fileRef} label={EVENT_MSG.fieldCover} onFile={(f) => void chooseCover(f)} />
          </div>
        )}
        {form.errors.coverPhotoUrl ? (
          <p className="text-sm text-destructive-text">{form.errors.coverPhotoUrl}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {EVENT_MSG.cancel}
        </Button>
        <Button type="submit" disabled={isSaving || uploading}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
