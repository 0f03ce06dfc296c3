import { useState, type FormEvent, type ReactNode } from 'react';
import { ADMIN_MSG, type AdminUser } from '@common/admin/model';
import { ZAdminResetPassword } from '@common/admin/schemas';
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
import { toast } from '@web/lib/toast';
import { useBanUser, useDeleteUser, useResetPassword } from '../api/user-actions';
import { failureText } from './failure-text';

/** A small confirm dialog around one form: the trigger, a title, a description and the fields. */
function ActionDialog(props: {
  trigger: string;
  triggerVariant?: 'outline' | 'destructive';
  title: string;
  description: string;
  confirm: string;
  destructive?: boolean;
  isPending: boolean;
  canSubmit?: boolean;
  onSubmit: (close: () => void) => void;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit(() => setOpen(false));
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant={props.triggerVariant ?? 'outline'}>
          {props.trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          {props.children}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{ADMIN_MSG.cancel}</Button>
            </DialogClose>
            <Button
              type="submit"
              variant={props.destructive ? 'destructive' : 'default'}
              disabled={props.isPending || props.canSubmit === false}
            >
              {props.isPending ? <Spinner /> : null}
              {props.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function BanDialog({ user }: { user: AdminUser }) {
  const ban = useBanUser();
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      trigger={ADMIN_MSG.ban}
      triggerVariant="destructive"
      title={ADMIN_MSG.banTitle(user.username)}
      description={ADMIN_MSG.banExplain}
      confirm={ADMIN_MSG.ban}
      destructive
      isPending={ban.isPending}
      onSubmit={(close) =>
        ban.mutate(
          { id: user.id, reason },
          {
            onSuccess: () => {
              toast.success(ADMIN_MSG.userBanned);
              close();
            },
            onError: (e) => toast.error(failureText(e, ADMIN_MSG.banFailed)),
          },
        )
      }
    >
      <Field
        label={ADMIN_MSG.banReason}
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
      />
    </ActionDialog>
  );
}

export function DeleteUserDialog({ user }: { user: AdminUser }) {
  const remove = useDeleteUser();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === user.username.toLowerCase();
  return (
    <ActionDialog
      trigger={ADMIN_MSG.delete}
      triggerVariant="destructive"
      title={ADMIN_MSG.deleteTitle(user.username)}
      description={ADMIN_MSG.deleteExplain(user.username)}
      confirm={ADMIN_MSG.delete}
      destructive
      isPending={remove.isPending}
      canSubmit={matches}
      onSubmit={(close) =>
        remove.mutate(
          { id: user.id, confirmUsername: typed },
          {
            onSuccess: () => {
              toast.success(ADMIN_MSG.userDeleted);
              close();
            },
            onError: (e) => toast.error(failureText(e, ADMIN_MSG.deleteUserFailed)),
          },
        )
      }
    >
      <Field label="Username" value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
    </ActionDialog>
  );
}

export function ResetPasswordDialog({ user }: { user: AdminUser }) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <ActionDialog
      trigger={ADMIN_MSG.resetPassword}
      title={ADMIN_MSG.resetTitle(user.username)}
      description={ADMIN_MSG.resetExplain}
      confirm={ADMIN_MSG.resetPassword}
      isPending={reset.isPending}
      onSubmit={(close) => {
        const parsed = ZAdminResetPassword.safeParse({ newPassword: password });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        setError(undefined);
        reset.mutate(
          { id: user.id, newPassword: parsed.data.newPassword },
          {
            onSuccess: () => {
              toast.success(ADMIN_MSG.passwordUpdated);
              setPassword('');
              close();
            },
            onError: (e) => toast.error(failureText(e, ADMIN_MSG.updatePasswordFailed)),
          },
        );
      }}
    >
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        error={error}
        onChange={(e) => setPassword(e.target.value)}
      />
    </ActionDialog>
  );
}
