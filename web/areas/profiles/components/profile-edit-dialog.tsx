import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { ProfileForm, type EditableProfile } from './profile-form';

/** Edit Profile on one's own profile: the form in a dialog that closes once saved. */
export function ProfileEditDialog({
  profile,
  open,
  onOpenChange,
}: {
  profile: EditableProfile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>What you change here shows on your profile.</DialogDescription>
        </DialogHeader>
        <ProfileForm
          profile={profile}
          onSaved={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
