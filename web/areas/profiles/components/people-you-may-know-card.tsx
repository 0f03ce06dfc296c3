import { X } from 'lucide-react';
import { displayName, PEOPLE_MSG, type PersonSuggestion } from '@common/profiles/model';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useDismissSuggestion } from '../api/dismiss-suggestion';
import { usePeopleYouMayKnow } from '../api/people-suggestions';
import { CompactConnectButton } from './compact-connect-button';
import { PersonRow } from './person-row';

/**
 * "People you may know" on a member's home: people the member has most in common with (mutual
 * friends, shared groups, skills or company), each with why. Connect (the compact Connect / Connected toggle) or dismiss each; nothing
 * shows while there is no one to suggest.
 */
export function PeopleYouMayKnowCard({ viewerId }: { viewerId: string }) {
  const query = usePeopleYouMayKnow();
  const dismiss = useDismissSuggestion();
  const people = query.data?.items ?? [];
  if (people.length === 0) return null;
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="pymk-heading">
        <h2 id="pymk-heading" className="mb-2 text-base font-semibold">
          {PEOPLE_MSG.youMayKnow}
        </h2>
        <ul aria-labelledby="pymk-heading" className="grid gap-1">
          {people.map((person) => (
            <li key={person.id}>
              <SuggestionRow
                person={person}
                viewerId={viewerId}
                onDismiss={() => dismiss.mutate(person.id)}
              />
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

function SuggestionRow({
  person,
  viewerId,
  onDismiss,
}: {
  person: PersonSuggestion;
  viewerId: string;
  onDismiss: () => void;
}) {
  const name = displayName(person);
  // The strongest reason: mutual friends, else another area's (a shared group), else skills or company.
  const reason =
    person.mutualFriends > 0
      ? PEOPLE_MSG.mutualFriends(person.mutualFriends)
      : (person.reason ?? PEOPLE_MSG.sharedInterests);
  return (
    // Stacked at every width: the card sits in a narrow column on a wide screen, where a row would
    // push the dismiss button past the card's edge.
    <div className="flex flex-col gap-1">
      <div className="min-w-0 flex-1">
        <PersonRow person={person} />
        <p className="-mt-1 pl-15 text-xs text-muted-foreground">{reason}</p>
      </div>
      <div className="flex items-center gap-2 pl-15">
        {/* The row stays until the next fetch, so 'Connected' can be tapped again to undo. */}
        <CompactConnectButton viewerId={viewerId} userId={person.id} name={name} />
        <Button
          size="icon"
          variant="ghost"
          aria-label={PEOPLE_MSG.dismiss(name)}
          title={PEOPLE_MSG.dismiss(name)}
          onClick={onDismiss}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
