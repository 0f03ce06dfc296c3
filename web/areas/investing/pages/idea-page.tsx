import { isUuid } from '@common/core/ids';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Bell, BellOff, ExternalLink, FileText, Lightbulb, MapPin } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { imageVariantUrl } from '@common/core/uploads';
import {
  INDUSTRY_LABELS,
  INVESTING_MSG,
  RISK_LABELS,
  type Idea,
  investingTopic,
} from '@common/investing/model';
import { formatEquity } from '@common/investing/format';
import { displayName } from '@common/profiles/model';
import { useSignInPrompt } from '@web/app/providers/sign-in-prompt';
import { useMe } from '@web/lib/me';
import { GeneratedCover } from '@web/components/generated-cover';
import { LoadError } from '@web/components/load-error';
import { RelativeTime } from '@web/components/relative-time';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { toast } from '@web/lib/toast';
import { useIdea } from '../api/get-idea';
import { pitchDeckHref, usePitchDeckOpens } from '../api/get-pitch-deck-opens';
import { investingKeys } from '../api/query-keys';
import { useFollowIdea } from '../api/save-idea';
import { ContactDialog } from '../components/contact-dialog';
import { EditIdeaForm } from '../components/edit-idea-form';
import { FundingDialog } from '../components/funding-dialog';
import { FundingProgress } from '../components/funding-progress';
import { UpdatesCard } from '../components/updates-card';

/**
 * /investing/:id: the idea, live: funding and updates arrive as they happen. A
 * malformed id, a missing idea or one hidden from the viewer shows 'Business Idea Not Found'.
 */
export function IdeaPage() {
  const { id = '' } = useParams();
  const { viewer, isLoading } = useMe();
  const { prompt } = useSignInPrompt();
  useEffect(() => {
    if (!isLoading && !viewer) prompt(INVESTING_MSG.signInDetails);
  }, [isLoading, viewer, prompt]);
  if (isLoading || !viewer) return <PageSpinner />;
  return <IdeaView key={id} ideaId={id} />;
}

function IdeaView({ ideaId }: { ideaId: string }) {
  const isValid = isUuid(ideaId);
  const query = useIdea(ideaId, isValid);
  const queryClient = useQueryClient();
  useLiveTopic(isValid ? investingTopic(ideaId) : null, () => void query.refetch(), {
    shows: [investingKeys.detail(ideaId)],
  });
  useRealtimeEvent('investing.changed', (event) => {
    if (event.ideaId !== ideaId) return;
    void queryClient.invalidateQueries({ queryKey: investingKeys.detail(ideaId) });
    if (event.change === 'update')
      void queryClient.invalidateQueries({ queryKey: investingKeys.updates(ideaId) });
  });
  const title = query.data?.title;
  useEffect(() => {
    if (title) document.title = `${title} · Cofound`;
  }, [title]);

  const isMissing = !isValid || (isApiError(query.error) && query.error.status === 404);
  if (isMissing) return <NotFound id={ideaId} />;
  if (query.isPending) return <PageSpinner />;
  if (!query.data)
    return (
      <Frame>
        <Card>
          <LoadError message={INVESTING_MSG.loadOneFailed} onRetry={query.refetch} />
        </Card>
      </Frame>
    );
  return <IdeaDetail idea={query.data} />;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
        <Link to="/investing">
          <ArrowLeft aria-hidden="true" />
          {INVESTING_MSG.backToInvesting}
        </Link>
      </Button>
      {children}
    </div>
  );
}

function NotFound({ id }: { id: string }) {
  return (
    <Frame>
      <Card className="flex flex-col items-center gap-3 px-4 py-12 text-center">
        <h1 className="text-xl font-semibold">{INVESTING_MSG.notFoundTitle}</h1>
        <p className="break-all text-muted-foreground">{INVESTING_MSG.notFoundText(id)}</p>
        <Button asChild variant="outline">
          <Link to="/investing">{INVESTING_MSG.backToInvesting}</Link>
        </Button>
      </Card>
    </Frame>
  );
}

function IdeaDetail({ idea }: { idea: Idea }) {
  const [isEditing, setIsEditing] = useState(false);
  const [isFundingOpen, setIsFundingOpen] = useState(false);
  const [isContactOpen, setIsContactOpen] = useState(false);
  const follow = useFollowIdea(idea.id);
  const name = displayName(idea.author);

  if (isEditing)
    return (
      <Frame>
        <EditIdeaForm idea={idea} onDone={() => setIsEditing(false)} />
      </Frame>
    );

  return (
    <Frame>
      <article aria-labelledby="idea-title" className="flex min-w-0 flex-col gap-4">
        <Card className="overflow-hidden">
          {idea.imageUrl ? (
            <img
              src={imageVariantUrl(idea.imageUrl, 2000)}
              alt=""
              className="aspect-[2/1] w-full bg-muted object-cover"
            />
          ) : (
            <GeneratedCover title={idea.title} icon={Lightbulb} className="aspect-[4/1]" />
          )}
          <CardContent className="grid gap-4 pt-6">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="grid min-w-0 gap-2">
                <Badge variant="secondary">{INDUSTRY_LABELS[idea.industry]}</Badge>
                <h1
                  id="idea-title"
                  className="text-2xl leading-tight font-bold tracking-tight break-words sm:text-3xl"
                >
                  {idea.title}
                </h1>
              </div>
              <div className="flex flex-wrap gap-2">
                {idea.isOwner ? (
                  <Button variant="outline" onClick={() => setIsEditing(true)}>
                    {INVESTING_MSG.editIdea}
                  </Button>
                ) : (
                  <Button
                    variant="outline"
                    aria-pressed={idea.isFollowing}
                    disabled={follow.isPending}
                    onClick={() =>
                      follow.mutate(!idea.isFollowing, {
                        onError: () => toast.error('Could not change following. Please try again.'),
                      })
                    }
                  >
                    {idea.isFollowing ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
                    {idea.isFollowing ? INVESTING_MSG.following : INVESTING_MSG.follow}
                  </Button>
                )}
              </div>
            </div>
            <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <Avatar src={idea.author.avatarUrl} name={name} className="size-8" />
              <Link to={`/profile/${idea.author.id}`} className="font-medium text-foreground hover:underline">
                {name}
              </Link>
              <span aria-hidden="true">·</span>
              <RelativeTime value={idea.createdAt} />
              <span aria-hidden="true">·</span>
              <span>{INVESTING_MSG.followers(idea.followers)}</span>
            </div>
            {idea.videoUrl ? (
              <video
                src={idea.videoUrl}
                controls
                preload="metadata"
                className="max-h-96 w-full rounded-md bg-black"
                aria-label={`Video: ${idea.title}`}
              />
            ) : null}
          </CardContent>
        </Card>

        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="grid content-start gap-4">
            <Section title={INVESTING_MSG.description}>
              <p className="break-words whitespace-pre-line">{idea.description}</p>
            </Section>
            <Section title={INVESTING_MSG.riskAssessment}>
              <p>
                <Badge variant="outline">{RISK_LABELS[idea.risk]}</Badge> risk
              </p>
            </Section>
          </div>
          <div className="grid content-start gap-4">
            <Section title={INVESTING_MSG.fundingProgress}>
              <FundingProgress received={idea.fundingReceived} goal={idea.fundingGoal} />
              {idea.isOwner ? (
                <Button variant="outline" size="sm" className="mt-3" onClick={() => setIsFundingOpen(true)}>
                  {INVESTING_MSG.updateFunding}
                </Button>
              ) : null}
            </Section>
            <Section title={INVESTING_MSG.businessDetails}>
              <dl className="grid gap-2 text-sm">
                {idea.equityOffered !== null ? (
                  <div>
                    <dt className="sr-only">Equity</dt>
                    <dd>{INVESTING_MSG.equityOffered(formatEquity(idea.equityOffered))}</dd>
                  </div>
                ) : null}
                {idea.location ? (
                  <div className="flex items-center gap-1.5">
                    <dt>
                      <MapPin aria-hidden="true" className="size-4" />
                      <span className="sr-only">Location</span>
                    </dt>
                    <dd>{idea.location}</dd>
                  </div>
                ) : null}
                {idea.website ? (
                  <div className="flex items-center gap-1.5">
                    <dt>
                      <ExternalLink aria-hidden="true" className="size-4" />
                      <span className="sr-only">Website</span>
                    </dt>
                    <dd className="min-w-0 truncate">
                      <a
                        href={idea.website}
                        target="_blank"
                        rel="noopener noreferrer nofollow"
                        className="text-link hover:underline"
                      >
                        {idea.website}
                      </a>
                    </dd>
                  </div>
                ) : null}
                {idea.hasPitchDeck ? (
                  <div className="flex items-center gap-1.5">
                    <dt>
                      <FileText aria-hidden="true" className="size-4" />
                      <span className="sr-only">{INVESTING_MSG.pitchDeck}</span>
                    </dt>
                    <dd>
                      <a
                        href={pitchDeckHref(idea.id)}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-link hover:underline"
                      >
                        {INVESTING_MSG.viewPitchDeck}
                      </a>
                    </dd>
                  </div>
                ) : null}
              </dl>
              {!idea.isOwner ? (
                <Button className="mt-4 w-full" onClick={() => setIsContactOpen(true)}>
                  {INVESTING_MSG.contactFounder}
                </Button>
              ) : null}
            </Section>
            {idea.isOwner && idea.hasPitchDeck ? <DeckOpens ideaId={idea.id} /> : null}
          </div>
        </div>
        <UpdatesCard ideaId={idea.id} isOwner={idea.isOwner} />
      </article>
      {idea.isOwner ? (
        <FundingDialog
          key={idea.fundingReceived}
          idea={idea}
          open={isFundingOpen}
          onOpenChange={setIsFundingOpen}
        />
      ) : null}
      {!idea.isOwner ? (
        <ContactDialog idea={idea} open={isContactOpen} onOpenChange={setIsContactOpen} />
      ) : null}
    </Frame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The founder's list of who opened the pitch deck. */
function DeckOpens({ ideaId }: { ideaId: string }) {
  const query = usePitchDeckOpens(ideaId, true);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Section title={INVESTING_MSG.pitchDeckOpenedBy}>
      {query.isPending ? (
        <div role="status" aria-label="Loading" className="h-8 animate-pulse rounded bg-muted" />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{INVESTING_MSG.pitchDeckNotOpened}</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {items.map((o) => (
            <li key={o.person.id} className="flex min-w-0 items-center gap-2">
              <Avatar src={o.person.avatarUrl} name={displayName(o.person)} className="size-6" />
              <Link to={`/profile/${o.person.id}`} className="truncate hover:underline">
                {displayName(o.person)}
              </Link>
              <RelativeTime
                value={o.lastOpenedAt}
                className="ml-auto shrink-0 text-xs text-muted-foreground"
              />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button variant="ghost" size="sm" onClick={() => void query.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </Section>
  );
}
