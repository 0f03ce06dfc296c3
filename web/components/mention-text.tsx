import { Fragment } from 'react';
import { Link } from 'react-router';
import { parseMentions } from '@common/core/mentions';
import { LinkifiedText } from '@web/components/linkified-text';
import { useMentionedPerson } from '@web/components/mention-people';
import { useMe } from '@web/lib/me';

/**
 * Text people wrote, with its mentions as links to the person's profile under their current name
 * (the text keeps their id: common/core/mentions.ts) and its web addresses as links. Someone the
 * viewer may not see (gone, blocked either way) stays the plain name the text holds.
 */
export function MentionText({
  text,
  linkClassName = 'text-link',
}: {
  text: string;
  /** The links' colour: on a coloured bubble, the bubble's own text colour reads better. */
  linkClassName?: string;
}) {
  return parseMentions(text).map((part, i) =>
    part.kind === 'mention' ? (
      <Mention key={i} id={part.id} name={part.name} linkClassName={linkClassName} />
    ) : (
      <Fragment key={i}>
        <LinkifiedText text={part.text} linkClassName={linkClassName} />
      </Fragment>
    ),
  );
}

function Mention({ id, name, linkClassName }: { id: string; name: string; linkClassName: string }) {
  // A visitor sees the name the text holds: who may be seen is decided for signed-in people.
  const { viewer } = useMe();
  const { data: person, isPending } = useMentionedPerson(id, !!viewer);
  if (viewer && !isPending && !person) return <>@{name}</>;
  return (
    <Link to={`/profile/${id}`} className={`${linkClassName} font-medium hover:underline`} data-mention={id}>
      @{person ? person.fullName || person.username : name}
    </Link>
  );
}
