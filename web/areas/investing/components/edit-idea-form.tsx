import { ArrowLeft } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import {
  EDIT_INDUSTRIES,
  INDUSTRY_LABELS,
  INVESTING,
  INVESTING_MSG,
  RISK_LABELS,
  RISKS,
  type Idea,
} from '@common/investing/model';
import { ZUpdateIdea } from '@common/investing/schemas';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/lib/toast';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { useUpdateIdea } from '../api/save-idea';
import { FileField, type ChosenFile } from './file-field';
import { invalidProps, LabelledControl, Select } from './form-parts';

/**
 * The owner's 'Edit Idea' form, with its own industry list; the idea's industry stays
 * on offer when that list does not have it. 'Back to Details' leaves without saving.
 */
export function EditIdeaForm({ idea, onDone }: { idea: Idea; onDone: () => void }) {
  const ids = { description: useId(), industry: useId(), risk: useId() };
  const update = useUpdateIdea(idea.id);
  const industries = (EDIT_INDUSTRIES as readonly string[]).includes(idea.industry)
    ? EDIT_INDUSTRIES
    : [idea.industry, ...EDIT_INDUSTRIES];
  // The current deck is kept unless replaced or removed ('kept' stands for it).
  const [deck, setDeck] = useState<ChosenFile | 'kept' | null>(idea.hasPitchDeck ? 'kept' : null);
  const [isUploading, setIsUploading] = useState(false);
  const onBusy = useCallback((busy: boolean) => setIsUploading(busy), []);
  const form = useSchemaForm(ZUpdateIdea, (data) => ({
    title: data.get('title'),
    description: data.get('description'),
    fundingGoal: data.get('fundingGoal'),
    industry: data.get('industry'),
    equityOffered: data.get('equityOffered'),
    risk: data.get('risk'),
    location: data.get('location'),
    website: data.get('website'),
    pitchDeckUrl: deck === 'kept' ? undefined : (deck?.url ?? null),
  }));
  const onSubmit = form.onSubmit((data) => {
    update.mutate(data, {
      onSuccess: () => {
        form.succeeded();
        toast.success(INVESTING_MSG.ideaSaved);
        onDone();
      },
      onError: (error) => {
        form.failed(error, INVESTING_MSG.ideaUpdateFailed);
      },
    });
  });
  const f = (name: string) => form.field(name);
  const description = f('description');
  const industry = f('industry');

  return (
    <Card>
      <CardHeader className="gap-3">
        <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={onDone}>
          <ArrowLeft aria-hidden="true" />
          {INVESTING_MSG.backToDetails}
        </Button>
        <CardTitle as="h1">{INVESTING_MSG.editIdea}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} aria-label={INVESTING_MSG.editIdea} className="grid gap-4">
          <Field
            label="Title"
            defaultValue={idea.title}
            autoComplete="off"
            maxLength={INVESTING.titleMax + 20}
            {...f('title')}
          />
          <LabelledControl id={ids.description} label="Description" error={description.error}>
            <Textarea
              id={ids.description}
              rows={6}
              className="min-h-32"
              defaultValue={idea.description}
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
              defaultValue={idea.fundingGoal}
              {...f('fundingGoal')}
            />
            <Field
              label="Equity Offered (%)"
              type="number"
              inputMode="decimal"
              min={INVESTING.equityMin}
              max={INVESTING.equityMax}
              step={INVESTING.equityStep}
              defaultValue={idea.equityOffered ?? ''}
              {...f('equityOffered')}
            />
            <LabelledControl id={ids.industry} label="Industry" error={industry.error}>
              <Select
                id={ids.industry}
                defaultValue={idea.industry}
                {...industry}
                {...invalidProps(ids.industry, industry.error)}
              >
                {industries.map((value) => (
                  <option key={value} value={value}>
                    {INDUSTRY_LABELS[value]}
                  </option>
                ))}
              </Select>
            </LabelledControl>
            <LabelledControl id={ids.risk} label="Risk Level">
              <Select id={ids.risk} name="risk" defaultValue={idea.risk}>
                {RISKS.map((value) => (
                  <option key={value} value={value}>
                    {RISK_LABELS[value]}
                  </option>
                ))}
              </Select>
            </LabelledControl>
            <Field
              label="Location"
              defaultValue={idea.location ?? ''}
              autoComplete="off"
              {...f('location')}
            />
            <Field
              label="Website"
              type="url"
              inputMode="url"
              placeholder="example.com"
              defaultValue={idea.website ?? ''}
              {...f('website')}
            />
          </div>
          <FileField
            kind="pdf"
            label="Pitch Deck"
            hint="Optional. A PDF up to 20MB, shown only to signed-in members."
            value={deck === 'kept' ? { url: '', name: 'Current pitch deck', mediaType: 'pdf' } : deck}
            onChange={setDeck}
            onBusyChange={onBusy}
          />
          <Button type="submit" className="w-fit" disabled={update.isPending || isUploading}>
            {update.isPending ? <Spinner /> : null}
            {INVESTING_MSG.save}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
