import { useRef, useState } from 'react';
import { BUSINESS_CATEGORIES, BUSINESS_MSG, type BusinessPage } from '@common/business-pages/model';
import { ZBusinessPageFields } from '@common/business-pages/schemas';
import { imageVariantUrl } from '@common/core/uploads';
import { ImageFileInput, UploadProgress } from '@web/components/image-upload-parts';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { useSavePage } from '../api/page-mutations';
import { useImageUpload, type ImageKind } from '../api/upload-business-image';

const text = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

/** Create (no page) or edit (a page) a business page: the spec's fields and both pictures. */
export function PageFormDialog({
  open,
  onOpenChange,
  page,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  page: BusinessPage | null;
  onSaved: (page: BusinessPage) => void;
}) {
  const save = useSavePage(page?.id ?? null);
  const [profileImage, setProfileImage] = useState(page?.profileImage ?? null);
  const [coverImage, setCoverImage] = useState(page?.coverImage ?? null);
  const form = useSchemaForm(ZBusinessPageFields, (data) => ({
    name: text(data, 'name'),
    category: text(data, 'category') || undefined,
    description: text(data, 'description'),
    website: text(data, 'website'),
    email: text(data, 'email'),
    phone: text(data, 'phone'),
    address: text(data, 'address'),
    hours: text(data, 'hours'),
    profileImage,
    coverImage,
  }));

  const submit = form.onSubmit((fields) =>
    save.mutate(fields, {
      onSuccess: (saved) => {
        form.succeeded();
        onSaved(saved);
      },
      onError: (error) => {
        form.failed(error, page ? BUSINESS_MSG.updateFailed : BUSINESS_MSG.createFailed);
      },
    }),
  );
  const descriptionError = form.errors.description;
  const categoryError = form.errors.category;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{page ? BUSINESS_MSG.editTitle : BUSINESS_MSG.create}</DialogTitle>
          <DialogDescription className="sr-only">{BUSINESS_MSG.heading}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <Field
            label={BUSINESS_MSG.name}
            defaultValue={page?.name ?? ''}
            maxLength={100}
            {...form.field('name')}
          />
          <div className="grid gap-2">
            <Label htmlFor="business-category">{BUSINESS_MSG.category}</Label>
            <select
              id="business-category"
              name="category"
              defaultValue={page?.category ?? ''}
              aria-invalid={categoryError ? true : undefined}
              aria-describedby={categoryError ? 'business-category-error' : undefined}
              onChange={form.field('category').onChange}
              className="h-10 rounded-md border border-input bg-card px-3 text-sm"
            >
              <option value="" disabled>
                {BUSINESS_MSG.categoryRequired}
              </option>
              {BUSINESS_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            {categoryError ? (
              <p id="business-category-error" className="text-sm text-destructive-text">
                {categoryError}
              </p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="business-description">{BUSINESS_MSG.description}</Label>
            <Textarea
              id="business-description"
              name="description"
              rows={4}
              defaultValue={page?.description ?? ''}
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby={descriptionError ? 'business-description-error' : undefined}
              onChange={form.field('description').onChange}
            />
            {descriptionError ? (
              <p id="business-description-error" className="text-sm text-destructive-text">
                {descriptionError}
              </p>
            ) : null}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={BUSINESS_MSG.website}
              type="url"
              inputMode="url"
              placeholder="example.com"
              defaultValue={page?.website ?? ''}
              {...form.field('website')}
            />
            <Field
              label={BUSINESS_MSG.email}
              type="email"
              inputMode="email"
              defaultValue={page?.email ?? ''}
              {...form.field('email')}
            />
            <Field
              label={BUSINESS_MSG.phone}
              type="tel"
              defaultValue={page?.phone ?? ''}
              {...form.field('phone')}
            />
            <Field label={BUSINESS_MSG.hours} defaultValue={page?.hours ?? ''} {...form.field('hours')} />
          </div>
          <Field label={BUSINESS_MSG.address} defaultValue={page?.address ?? ''} {...form.field('address')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <ImagePicker
              kind="avatar"
              label={BUSINESS_MSG.profileImage}
              url={profileImage}
              onChange={setProfileImage}
              error={form.errors.profileImage}
            />
            <ImagePicker
              kind="cover"
              label={BUSINESS_MSG.coverImage}
              url={coverImage}
              onChange={setCoverImage}
              error={form.errors.coverImage}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {BUSINESS_MSG.cancel}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {page ? BUSINESS_MSG.save : BUSINESS_MSG.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ImagePicker({
  kind,
  label,
  url,
  onChange,
  error,
}: {
  kind: ImageKind;
  label: string;
  url: string | null;
  onChange: (url: string | null) => void;
  error: string | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useImageUpload(kind);
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium">{label}</span>
      {url ? (
        <img
          src={imageVariantUrl(url, kind === 'avatar' ? 96 : 750)}
          alt=""
          className={
            kind === 'avatar' ? 'size-16 rounded-lg object-cover' : 'h-16 w-full rounded-lg object-cover'
          }
        />
      ) : null}
      {upload.isUploading ? (
        <UploadProgress percent={upload.percent} label={`${label} upload`} onCancel={upload.cancel} />
      ) : (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
            {label}
          </Button>
          {url ? (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
              {BUSINESS_MSG.delete}
            </Button>
          ) : null}
        </div>
      )}
      <ImageFileInput
        ref={input}
        label={`${label} file`}
        onFile={(file) => void upload.upload(file).then((saved) => saved && onChange(saved))}
      />
      {error ? <p className="text-sm text-destructive-text">{error}</p> : null}
    </div>
  );
}
