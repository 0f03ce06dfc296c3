import { MESSAGING_MSG, type ChatPerson } from '@common/messages/model';
import { Avatar } from '@web/components/ui/avatar';

type NamedPerson = Pick<ChatPerson, 'username' | 'fullName'>;

/** The name chat shows for someone: full name, else username, else 'Unknown User'. */
export function personName(person: NamedPerson | null | undefined): string {
  return person?.fullName?.trim() || person?.username || MESSAGING_MSG.unknownUser;
}

/** An avatar with a green dot when the person is online (the dot is decorative; say it in text). */
export function PersonAvatar({
  person,
  isOnline = false,
  className,
}: {
  person: Pick<ChatPerson, 'username' | 'fullName' | 'avatarUrl'> | null | undefined;
  isOnline?: boolean;
  className?: string;
}) {
  return (
    <span className="relative inline-flex shrink-0">
      <Avatar src={person?.avatarUrl} name={personName(person)} className={className} />
      {isOnline ? (
        <span
          aria-hidden="true"
          className="absolute right-0 bottom-0 size-2.5 rounded-full bg-emerald-500 ring-2 ring-card"
        />
      ) : null}
    </span>
  );
}
