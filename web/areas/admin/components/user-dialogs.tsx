import { useState, type FormEvent, type ReactNode, type RefObject } from 'react';
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
} from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/lib/toast';
import {
  useBanUser,
  useDeleteUser,
  useRemoveTwoFactor,
  useResetPassword,
  useSetSuperAdmin,
  useUnbanUser,
} from '../api/user-actions';
import { failureText } from './failure-text';

/** The person as the dashboard names them: the full name when set, else the username. */
export const adminName = (user: AdminUser) => user.fullName?.trim() || user.username;

/** What the row menu opens. */
export type UserAction = 'ban' | 'unban' | 'reset' | 'two-factor' | 'role' | 'delete';

type DialogProps = {
  user: AdminUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back when the dialog closes (the row's menu button, or the list). */
  returnFocus: RefObject<HTMLElement | null>;
};

/**
 * One confirmation around a form: a title, what confirming will do (future tense), the fields and
 * the confirm button. Controlled by the row menu; on closing, focus goes back to the menu button.
 */
function ActionDialog(
  props: DialogProps & {
    title: string;
    description: string;
    confirm: string;
    destructive?: boolean;
    isPending: boolean;
    canSubmit?: boolean;
    onSubmit: (close: () => void) => void;
    children?: ReactNode;
  },
) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit(() => props.onOpenChange(false));
  };
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(e) => {
          const target = props.returnFocus.current;
          if (!target?.isConnected) return;
          e.preventDefault();
          target.focus();
        }}
      >
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

export function BanDialog(props: DialogProps) {
  const { user } = props;
  const ban = useBanUser();
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      {...props}
      title={ADMIN_MSG.banTitle(adminName(user))}
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

export function UnbanDialog(props: DialogProps) {
  const unban = useUnbanUser();
  return (
    <ActionDialog
      {...props}
      title={ADMIN_MSG.unbanTitle(adminName(props.user))}
      description={ADMIN_MSG.unbanExplain}
      confirm={ADMIN_MSG.unban}
      isPending={unban.isPending}
      onSubmit={(close) =>
        unban.mutate(props.user.id, {
          onSuccess: () => {
            toast.success(ADMIN_MSG.userUnbanned);
            close();
          },
          onError: (e) => toast.error(failureText(e, ADMIN_MSG.unbanFailed)),
        })
      }
    />
  );
}

export function RoleDialog(props: DialogProps) {
  const { user } = props;
  const setRole = useSetSuperAdmin();
  const granting = !user.isSuperAdmin;
  return (
    <ActionDialog
      {...props}
      title={
        granting ? ADMIN_MSG.makeAdminTitle(adminName(user)) : ADMIN_MSG.removeAdminTitle(adminName(user))
      }
      description={granting ? ADMIN_MSG.makeAdminExplain : ADMIN_MSG.removeAdminExplain}
      confirm={granting ? ADMIN_MSG.makeSuperAdmin : ADMIN_MSG.removeSuperAdmin}
      destructive={!granting}
      isPending={setRole.isPending}
      onSubmit={(close) =>
        setRole.mutate(
          { id: user.id, isSuperAdmin: granting },
          {
            onSuccess: () => {
              toast.success(ADMIN_MSG.roleUpdated);
              close();
            },
            onError: (e) => toast.error(failureText(e, ADMIN_MSG.unexpectedRole)),
          },
        )
      }
    />
  );
}

export function RemoveTwoFactorDialog(props: DialogProps) {
  const removeTwoFactor = useRemoveTwoFactor();
  return (
    <ActionDialog
      {...props}
      title={ADMIN_MSG.removeTwoFactorTitle(adminName(props.user))}
      description={ADMIN_MSG.removeTwoFactorConfirm}
      confirm={ADMIN_MSG.removeTwoFactor}
      destructive
      isPending={removeTwoFactor.isPending}
      onSubmit={(close) =>
        removeTwoFactor.mutate(props.user.id, {
          onSuccess: () => {
            toast.success(ADMIN_MSG.twoFactorRemoved);
            close();
          },
          onError: (e) => toast.error(failureText(e, ADMIN_MSG.twoFactorRemoveFailed)),
        })
      }
    />
  );
}

export function DeleteUserDialog(props: DialogProps) {
  const { user } = props;
  const remove = useDeleteUser();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === user.username.toLowerCase();
  return (
    <ActionDialog
      {...props}
      title={ADMIN_MSG.deleteTitle(adminName(user))}
      description={ADMIN_MSG.deleteExplain(user.username)}
      confirm={ADMIN_MSG.delete}
      destructive
      isPending={remove.isPending}
      canSubmit={matches}
      onSubmit={(close) => {
        // mutateAsync: the deleted person's row leaves the list, and mutate's callbacks would go with it.
        void remove.mutateAsync({ id: user.id, confirmUsername: typed }).then(
          () => {
            toast.success(ADMIN_MSG.userDeleted);
            close();
          },
          (e: unknown) => toast.error(failureText(e, ADMIN_MSG.deleteUserFailed)),
        );
      }}
    >
      <Field label="Username" value={typed} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
    </ActionDialog>
  );
}

export function ResetPasswordDialog(props: DialogProps) {
  const { user } = props;
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <ActionDialog
      {...props}
      title={ADMIN_MSG.resetTitle(adminName(user))}
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
