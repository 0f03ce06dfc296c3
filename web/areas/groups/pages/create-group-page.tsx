import { CheckCircle2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { GROUP_MSG, GROUPS, type Group } from '@common/groups/model';
import { ZGroupFields, type GroupFields } from '@common/groups/schemas';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api-client';
import { focusFirstError, toFieldErrors, type FieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { useCreateGroup } from '../api/group-actions';
import { GroupCover } from '../components/group-card';
import { ImagePicker } from '../components/image-picker';

const STEPS = [GROUP_MSG.stepDetails, GROUP_MSG.stepReview, GROUP_MSG.stepSuccess] as const;

/**
 * /create-group (members only: RequireAuth sends visitors to /auth): the three-step wizard.
 * Step 1 checks the form with the shared schema; step 2 reviews it (privacy fixed as
 * Public) and creates the group; step 3 offers View Group or Go to Groups.
 */
export function CreateGroupPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [fields, setFields] = useState<GroupFields>({ name: '', description: '', coverImage: null });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<Group | null>(null);
  const create = useCreateGroup();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const descriptionId = useId();

  const goTo = (next: number) => {
    setStep(next);
    // The new step's heading takes focus, so keyboard and screen reader users follow.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const next = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZGroupFields.safeParse(fields);
    if (!parsed.success) {
      const found = toFieldErrors(parsed.error);
      setErrors(found);
      if (formRef.current) focusFirstError(formRef.current, found);
      return;
    }
    setErrors({});
    setFields(parsed.data);
    goTo(1);
  };

  const submit = () =>
    create.mutate(fields, {
      onSuccess: (group) => {
        setCreated(group);
        toast.success(GROUP_MSG.groupCreated);
        goTo(2);
      },
      onError: (error) => {
        if (isApiError(error) && error.fields && Object.keys(error.fields).length) {
          setErrors(error.fields);
          goTo(0);
        }
        toast.error(GROUP_MSG.createErrorTitle, {
          description: isApiError(error) && error.message ? error.message : GROUP_MSG.unexpected,
        });
      },
    });

  return (
    <section aria-labelledby="create-group-heading" className="mx-auto w-full max-w-2xl px-3 py-6 sm:px-6">
      <h1 id="create-group-heading" className="text-2xl font-semibold tracking-tight">
        {GROUP_MSG.createGroup}
      </h1>
      <ol aria-label="Steps" className="mt-4 flex gap-2 text-sm">
        {STEPS.map((label, i) => (
          <li
            key={label}
            aria-current={i === step ? 'step' : undefined}
            className={`flex flex-1 items-center gap-2 rounded-md border px-2 py-1.5 ${
              i === step
                ? 'border-primary font-medium text-foreground'
                : 'border-border text-muted-foreground'
            }`}
          >
            <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-muted text-xs">
              {i + 1}
            </span>
            <span className="truncate">{label}</span>
          </li>
        ))}
      </ol>
      <Card className="mt-4 p-4 sm:p-6">
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          {STEPS[step]}
        </h2>
        {step === 0 ? (
          <form ref={formRef} noValidate onSubmit={next} className="mt-4 flex flex-col gap-4">
            <Field
              label={GROUP_MSG.name}
              name="name"
              value={fields.name}
              maxLength={GROUPS.nameMax + 20}
              onChange={(e) => setFields({ ...fields, name: e.target.value })}
              error={errors.name}
            />
            <div className="grid gap-2">
              <Label htmlFor={descriptionId}>{GROUP_MSG.description}</Label>
              <Textarea
                id={descriptionId}
                name="description"
                value={fields.description}
                rows={5}
                onChange={(e) => setFields({ ...fields, description: e.target.value })}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={`${descriptionId}-info`}
              />
              <p
                id={`${descriptionId}-info`}
                className={`text-sm ${errors.description ? 'text-destructive-text' : 'text-xs text-muted-foreground'}`}
              >
                {errors.description ?? `${fields.description.length}/${GROUPS.descriptionMax}`}
              </p>
            </div>
            <div className="grid gap-2">
              <span className="text-sm font-medium">{GROUP_MSG.coverImage}</span>
              <ImagePicker
                kind="cover"
                label={GROUP_MSG.coverImage}
                value={fields.coverImage}
                onChange={(coverImage) => setFields((f) => ({ ...f, coverImage }))}
                previewClassName="aspect-[3/1] w-full rounded-lg border border-border object-cover"
              />
              {errors.coverImage ? (
                <p className="text-sm text-destructive-text">{errors.coverImage}</p>
              ) : null}
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => void navigate('/groups')}>
                {GROUP_MSG.cancel}
              </Button>
              <Button type="submit">{GROUP_MSG.next}</Button>
            </div>
          </form>
        ) : step === 1 ? (
          <div className="mt-4 flex flex-col gap-4">
            <GroupCover
              url={fields.coverImage}
              className="aspect-[3/1] w-full rounded-lg border border-border object-cover"
            />
            {fields.coverImage ? null : <p className="text-sm text-muted-foreground">{GROUP_MSG.noCover}</p>}
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="font-medium">{GROUP_MSG.name}</dt>
                <dd className="break-words text-muted-foreground">{fields.name}</dd>
              </div>
              <div>
                <dt className="font-medium">{GROUP_MSG.description}</dt>
                <dd className="break-words whitespace-pre-line text-muted-foreground">
                  {fields.description}
                </dd>
              </div>
              <div>
                <dt className="font-medium">{GROUP_MSG.privacy}</dt>
                <dd className="text-muted-foreground">{GROUP_MSG.public}</dd>
              </div>
            </dl>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => goTo(0)} disabled={create.isPending}>
                {GROUP_MSG.backStep}
              </Button>
              <Button onClick={submit} disabled={create.isPending}>
                {GROUP_MSG.createGroup}
              </Button>
            </div>
          </div>
        ) : (
          <div className="mt-4 flex flex-col items-center gap-4 text-center">
            <CheckCircle2 aria-hidden="true" className="size-12 text-primary" />
            <p role="status">{GROUP_MSG.groupCreated}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button onClick={() => created && void navigate(`/groups/${created.id}`)}>
                {GROUP_MSG.viewGroup}
              </Button>
              <Button variant="outline" onClick={() => void navigate('/groups')}>
                {GROUP_MSG.goToGroups}
              </Button>
            </div>
          </div>
        )}
      </Card>
    </section>
  );
}
