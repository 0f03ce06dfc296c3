import { useId, useState, type ComponentProps, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import type { Profile } from '@common/core/api-types';
import { ZAvatarUrl, ZUpdateProfile } from '@common/profiles/schemas';
import { displayName, PROFILE_MSG, PROFILE_PLACEHOLDERS, PROFILES } from '@common/profiles/model';
import { parseImageUrl } from '@common/core/uploads';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { refusalText } from '@web/lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarEditor } from './avatar-editor';

/** What the form shows and edits; a Profile (settings) or one's own ProfileView profile will do. */
export type EditableProfile = Pick<
  Profile,
  | 'id'
  | 'username'
  | 'fullName'
  | 'title'
  | 'company'
  | 'location'
  | 'bio'
  | 'skills'
  | 'avatarUrl'
  | 'coverPhotoUrl'
>;

/** The avatar URL field shows an address the person typed, never one of our uploaded pictures. */
function typedAvatarUrl(url: string | null): string {
  return url && parseImageUrl(url) === null ? url : '';
}

/**
 * The own-profile form, on the profile page's edit dialog and the settings page's Profile tab.
 * Checked by ZUpdateProfile, the schema the server applies. The username is shown read-only. The
 * avatar is uploaded or removed at once (AvatarEditor); the avatar URL field holds a typed address
 * only and is sent when changed (empty clears the avatar), so saving the other fields never puts
 * back a picture that was replaced meanwhile.
 */
export function ProfileForm({
  profile,
  onSaved,
  onCancel,
}: {
  profile: EditableProfile;
  onSaved?: () => void;
  /** Shown as a Cancel button beside Save (the Edit Profile dialog closes without saving). */
  onCancel?: () => void;
}) {
  const update = useUpdateProfile();
  // What the URL field started from; an upload or removal starts it again from empty.
  const [avatarUrlBase, setAvatarUrlBase] = useState(() => typedAvatarUrl(profile.avatarUrl));
  const [avatarUrlText, setAvatarUrlText] = useState(avatarUrlBase);
  const form = useSchemaForm(ZUpdateProfile, (data) => {
    const avatarUrl = String(data.get('avatarUrl') ?? '');
    return {
      fullName: data.get('fullName'),
      title: data.get('title'),
      company: data.get('company'),
      location: data.get('location'),
      bio: data.get('bio'),
      skills: data.get('skills') ?? '',
      ...(avatarUrl.trim() !== avatarUrlBase ? { avatarUrl } : {}),
    };
  });

  const save = form.onSubmit((changes) =>
    update.mutate(changes, {
      onSuccess: () => {
        form.succeeded();
        toast.success(PROFILE_MSG.updated);
        onSaved?.();
      },
      onError: (error) => {
        form.failed(error, PROFILE_MSG.updateFailed, { description: refusalText(error) });
      },
    }),
  );

  const avatarUrlField = form.field('avatarUrl');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The document words a bad avatar address as a toast too ('Invalid URL').
    const avatarUrl = new FormData(event.currentTarget).get('avatarUrl');
    if (typeof avatarUrl === 'string' && !ZAvatarUrl.safeParse(avatarUrl).success) {
      toast.error(PROFILE_MSG.invalidUrlTitle, { description: PROFILE_MSG.invalidUrl });
    }
    save(event);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Edit profile">
      <AvatarEditor
        avatarUrl={profile.avatarUrl}
        name={displayName(profile)}
        onChanged={() => {
          setAvatarUrlBase('');
          setAvatarUrlText('');
        }}
      />
      <Field
        label="Full name"
        {...form.field('fullName')}
        defaultValue={profile.fullName ?? ''}
        autoComplete="name"
        maxLength={PROFILES.fullNameMax}
      />
      <Field
        label="Username"
        value={profile.username}
        readOnly
        aria-readonly="true"
        hint={PROFILE_MSG.usernameReadOnly}
        className="[&_input]:bg-muted [&_input]:text-muted-foreground"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Title"
          {...form.field('title')}
          defaultValue={profile.title ?? ''}
          autoComplete="organization-title"
          placeholder={PROFILE_PLACEHOLDERS.title}
          maxLength={PROFILES.shortFieldMax}
        />
        <Field
          label="Company"
          {...form.field('company')}
          defaultValue={profile.company ?? ''}
          autoComplete="organization"
          placeholder={PROFILE_PLACEHOLDERS.company}
          maxLength={PROFILES.shortFieldMax}
        />
      </div>
      <Field
        label="Location"
        {...form.field('location')}
        defaultValue={profile.location ?? ''}
        placeholder={PROFILE_PLACEHOLDERS.location}
        maxLength={PROFILES.shortFieldMax}
      />
      <TextareaField
        label="Bio"
        {...form.field('bio')}
        defaultValue={profile.bio ?? ''}
        rows={4}
        maxLength={PROFILES.bioMax}
        className="max-h-60"
      />
      <Field
        label="Skills"
        {...form.field('skills')}
        defaultValue={profile.skills.join(', ')}
        placeholder={PROFILE_PLACEHOLDERS.skills}
        hint="Separate skills with commas"
      />
      <Field
        label="Avatar URL"
        {...avatarUrlField}
        value={avatarUrlText}
        onChange={(event) => {
          avatarUrlField.onChange();
          setAvatarUrlText(event.target.value);
        }}
        type="url"
        inputMode="url"
        placeholder={PROFILE_PLACEHOLDERS.avatarUrl}
        hint={
          profile.avatarUrl && !avatarUrlText
            ? 'Or paste the address of a picture to use instead.'
            : 'Optional: the address of a picture. Leave empty for no avatar.'
        }
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null}
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

type TextareaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: string;
  error?: string | undefined;
};

/** A labelled textarea with its inline error, wired like <Field>. */
function TextareaField({ label, error, className, ...props }: TextareaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={className}
        {...props}
      />
      {error ? (
        <p id={errorId} className="text-sm text-destructive-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
