import { useState } from 'react';
import { MSG } from '@common/core/texts';
import { ZDeleteAccount } from '@common/profiles/schemas';
import { SETTINGS_MSG } from '@common/profiles/model';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { useSchemaForm } from '@web/lib/use-schema-form';
import { useDeleteAccount } from '../api/delete-account';

function DeleteAccountForm() {
  const deleteAccount = useDeleteAccount();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useSchemaForm(ZDeleteAccount, (data) => ({ password: data.get('password') }));

  const onSubmit = form.onSubmit(({ password }) => {
    setRefusal(null);
    deleteAccount.mutate(password, {
      onError: (error) => {
        // A super admin's account is refused with its own reason; say it in the dialog.
        if (isApiError(error) && error.status === 403 && !error.fields) {
          form.succeeded();
          setRefusal(error.message);
          return;
        }
        form.failed(error, SETTINGS_MSG.deleteFailed, {
          description: isApiError(error) && error.code !== 'NETWORK' ? error.message : MSG.unexpected,
        });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Delete account">
      {refusal ? (
        <p
          role="alert"
          className="rounded-md border border-destructive-text/40 px-3 py-2 text-sm text-destructive-text"
        >
          {refusal}
        </p>
      ) : null}
      <Field
        label="Password"
        {...form.field('password')}
        type="password"
        autoComplete="current-password"
        autoFocus
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button
          type="submit"
          variant="destructive"
          disabled={deleteAccount.isPending}
          aria-disabled={deleteAccount.isPending || undefined}
        >
          {deleteAccount.isPending ? (
            <>
              <Spinner />
              Deleting...
            </>
          ) : (
            'Delete account'
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The danger-zone button and its confirmation: the password, then the account is gone. */
export function DeleteAccountDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="destructive">Delete account</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>{SETTINGS_MSG.deleteConfirm}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so a closed and reopened dialog starts empty. */}
        <DeleteAccountForm />
      </DialogContent>
    </Dialog>
  );
}
