import { MessageCircle, UserMinus, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { FEED_MSG, type FeedItem } from '@common/feed/model';
import { displayName, FOLLOW_MSG } from '@common/profiles/first-view-texts';
import { useSignInPrompt } from '@web/app/providers/sign-in-prompt';
import { useChat } from '@web/areas/messages/public';
import { useFollowToggle } from '@web/areas/profiles/public';
import { Button } from '@web/components/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { setAuthorFollowed } from '../api/feed-cache';
import { ABOVE_STRETCHED, FeedAuthorRow, FeedCardFrame, STRETCHED_LINK, type CardHeading } from './feed-card';

/**
 * 'Welcome {name}!' for someone who just joined: their bio (or 'Just joined the community'),
 * Follow and Contact. Visitors are asked to sign in first; one's own card has no buttons.
 */
export function NewMemberCard({
  item,
  viewerId,
  heading: Heading,
}: {
  item: FeedItem;
  viewerId: string | null;
  heading: CardHeading;
}) {
  const name = displayName(item.author);
  const isOwn = viewerId === item.author.id;

  return (
    <FeedCardFrame>
      <FeedAuthorRow item={item} />
      <Heading className="mt-3 text-base leading-snug font-semibold break-words">
        <Link to={item.link ?? `/profile/${item.author.id}`} className={STRETCHED_LINK}>
          {FEED_MSG.welcome(name)}
        </Link>
      </Heading>
      <p className="mt-1.5 line-clamp-3 text-sm break-words text-muted-foreground">
        {item.author.bio?.trim() || FEED_MSG.newMemberFallbackBio}
      </p>
      {isOwn ? null : (
        <div className={`${ABOVE_STRETCHED} mt-4 flex flex-wrap gap-2`}>
          {viewerId ? (
            <MemberActions item={item} viewerId={viewerId} name={name} />
          ) : (
            <VisitorActions name={name} />
          )}
        </div>
      )}
    </FeedCardFrame>
  );
}

function MemberActions({ item, viewerId, name }: { item: FeedItem; viewerId: string; name: string }) {
  const queryClient = useQueryClient();
  const { openChat } = useChat();
  const authorId = item.author.id;
  const follow = useFollowToggle({
    viewerId,
    userId: authorId,
    name,
    isFollowing: item.viewerFollows ?? false,
    onSettled: (isFollowing) => setAuthorFollowed(queryClient, authorId, isFollowing),
  });

  return (
    <>
      <Button size="sm" variant={follow.isFollowing ? 'outline' : 'default'} onClick={follow.toggle}>
        {follow.isFollowing ? <UserMinus aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        {follow.isFollowing ? FOLLOW_MSG.unfollow : FOLLOW_MSG.follow}
        <span className="sr-only"> {name}</span>
      </Button>
      <ContactButton name={name} onClick={() => openChat(authorId)} />
    </>
  );
}

function VisitorActions({ name }: { name: string }) {
  const { prompt } = useSignInPrompt();
  return (
    <>
      <Button size="sm" onClick={() => prompt(FEED_MSG.signInFollow)}>
        <UserPlus aria-hidden="true" />
        {FOLLOW_MSG.follow}
        <span className="sr-only"> {name}</span>
      </Button>
      <ContactButton name={name} onClick={() => prompt(FEED_MSG.signInContact)} />
    </>
  );
}

function ContactButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="outline" onClick={onClick}>
      <MessageCircle aria-hidden="true" />
      Contact
      <span className="sr-only"> {name}</span>
    </Button>
  );
}
