import { useCallback, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  INDUSTRY_LABELS,
  INVESTING,
  INVESTING_MSG,
  RISK_LABELS,
  RISKS,
  SUBMIT_INDUSTRIES,
} from '@common/investing/model';
import { ZCreateIdea } from '@common/investing/schemas';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { useSubmitIdea } from '../api/save-idea';
import { FileField, type ChosenFile } from './file-field';
import { invalidProps, LabelledControl, Select } from './form-parts';

/**
 * 'Submit Business Idea': title, description, funding goal, industry, equity, risk
 * (medium by default), location, and an optional picture (5 MB), video (50 MB) and pitch deck (PDF,
 * 20 MB), each uploaded with its progress before the idea is sent.
 */
export function SubmitIdeaDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{INVESTING_MSG.submitIdea}</DialogTitle>
          <DialogDescription>
            Tell investors what you are building and what you are raising.
          </DialogDescription>
        </DialogHeader>
        <SubmitIdeaForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function SubmitIdeaForm({ onDone }: { onDone: () => void }) {
  const ids = { description: useId(), industry: useId(), risk: useId() };
  const navigate = useNavigate();
  const submit = useSubmitIdea();
  const [image, setImage] = useState<ChosenFile | null>(null);
  const [video, setVideo] = useState<ChosenFile | null>(null);
  const [deck, setDeck] = useState<ChosenFile | null>(null);
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const setBusyOf = useCallback(
    (name: string, value: boolean) => setBusy((b) => (b[name] === value ? b : { ...b, [name]: value })),
    [],
  );
  const onImageBusy = useCallback((v: boolean) => setBusyOf('image', v), [setBusyOf]);
  const onVideoBusy = useCallback((v: boolean) => setBusyOf('video', v), [setBusyOf]);
  const onDeckBusy = useCallback((v: boolean) => setBusyOf('deck', v), [setBusyOf]);
  const isUploading = Object.values(busy).some(Boolean);

  const form = useSchemaForm(ZCreateIdea, (data) => ({
    title: data.get('title'),
    description: data.get('description'),
    fundingGoal: String(data.get('fundingGoal') ?? '').trim() === '' ? undefined : data.get('fundingGoal'),
    industry: data.get('industry') || undefined,
    equityOffered: data.get('equityOffered'),
    risk: data.get('risk'),
    location: data.get('location'),
    imageUrl: image?.url ?? null,
    videoUrl: video?.url ?? null,
    pitchDeckUrl: deck?.url ?? null,
  }));

  const onSubmit = form.onSubmit((data) =>
    submit.mutate(data, {
      onSuccess: (idea) => {
        form.succeeded();
        toast.success(INVESTING_MSG.ideaSubmitted);
        onDone();
        void navigate(`/investing/${idea.id}`);
      },
      onError: (error) => {
        form.failed(error, INVESTING_MSG.submissionFailed, {
          description: isApiError(error) && error.status < 500 ? error.message : INVESTING_MSG.tryAgain,
        });
      },
    }),
  );

  const title = form.field('title');
  const description = form.field('description');
  const goal = form.field('fundingGoal');
  const industry = form.field('industry');
  const equity = form.field('equityOffered');
  const location = form.field('location');

  return (
    <form noValidate onSubmit={onSubmit} aria-label={INVESTING_MSG.submitIdea} className="grid gap-4">
      <Field label="Title" autoComplete="off" maxLength={INVESTING.titleMax + 20} {...title} />
      <LabelledControl id={ids.description} label="Description" error={description.error}>
        <Textarea
          id={ids.description}
          rows={5}
          className="min-h-28"
          {...description}
          {...invalidProps(ids.description, description.error)}
        />
      </LabelledControl>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Funding Goal ($)"
          type="number"
          inputMode="decimal"
          min={INVESTING.fundingGoalMin}
          step="1"
          {...goal}
        />
        <LabelledControl id={ids.industry} label="Industry" error={industry.error}>
          <Select
            id={ids.industry}
            defaultValue=""
            {...industry}
            {...invalidProps(ids.industry, industry.error)}
          >
            <option value="" disabled>
              Select an industry
            </option>
            {SUBMIT_INDUSTRIES.map((value) => (
              <option key={value} value={value}>
                {INDUSTRY_LABELS[value]}
              </option>
            ))}
          </Select>
        </LabelledControl>
        <Field
          label="Equity Offered (%)"
          type="number"
          inputMode="decimal"
          min={INVESTING.equityMin}
          max={INVESTING.equityMax}
          step={INVESTING.equityStep}
          {...equity}
        />
        <LabelledControl id={ids.risk} label="Risk Level">
          <Select id={ids.risk} name="risk" defaultValue="medium">
            {RISKS.map((value) => (
              <option key={value} value={value}>
                {RISK_LABELS[value]}
              </option>
            ))}
          </Select>
        </LabelledControl>
      </div>
      <Field label="Location (optional)" autoComplete="off" {...location} />
      <FileField
        kind="image"
        label="Image"
        hint="Optional. An image up to 5MB."
        value={image}
        onChange={setImage}
        onBusyChange={onImageBusy}
      />
      <FileField
        kind="video"
        label="Video"
        hint="Optional. An MP4 or WebM video up to 50MB."
        value={video}
        onChange={setVideo}
        onBusyChange={onVideoBusy}
      />
      <FileField
        kind="pdf"
        label="Pitch Deck"
        hint="Optional. A PDF up to 20MB, shown only to signed-in members."
        value={deck}
        onChange={setDeck}
        onBusyChange={onDeckBusy}
      />
      <DialogFooter className="gap-2">
        <DialogClose asChild>
          <Button variant="ghost" disabled={submit.isPending}>
            {INVESTING_MSG.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={submit.isPending || isUploading}>
          {submit.isPending ? <Spinner /> : null}
          {INVESTING_MSG.submit}
        </Button>
      </DialogFooter>
    </form>
  );
}
