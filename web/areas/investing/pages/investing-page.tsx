import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  IDEA_TABS,
  ideaTabLabel,
  INVESTING_MSG,
  type IdeaSummary,
  type IdeaTab,
  investingTopic,
} from '@common/investing/model';
import { useSignInPrompt } from '@web/app/providers/sign-in-prompt';
import { useMe } from '@web/lib/me';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { useIdeaIndustries } from '../api/get-industries';
import { useIdeaTab } from '../api/get-ideas';
import { investingKeys } from '../api/query-keys';
import { ContactDialog } from '../components/contact-dialog';
import { FundingDialog } from '../components/funding-dialog';
import { IdeaCard } from '../components/idea-card';
import { IdeaSkeleton } from '../components/idea-skeleton';
import { SubmitIdeaDialog } from '../components/submit-idea-dialog';

const parseTab = (value: string | null): IdeaTab => IDEA_TABS.find((t) => t === value) ?? 'all';

/**
 * /investing: 'Investing Opportunities', 'Submit Business Idea', and the tabs, which filter by
 * industry (docs/product-rules.md: every feature is a real write): All, then each industry that
 * has ideas, as the server lists them; the tab lives in the address as ?tab=. New
 * ideas and funding changes arrive live.
 */
export function InvestingPage() {
  const { viewer, isLoading } = useMe();
  const { prompt } = useSignInPrompt();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseTab(searchParams.get('tab'));
  const [isSubmitOpen, setIsSubmitOpen] = useState(false);
  const queryClient = useQueryClient();
  const industries = useIdeaIndustries(Boolean(viewer));
  // All, then the industries that have ideas; a tab in the address stays until it is left.
  const tabs: IdeaTab[] = ['all', ...(industries.data?.industries ?? [])];
  if (!tabs.includes(tab)) tabs.push(tab);

  useLiveTopic(viewer ? investingTopic('all') : null, () => {
    void queryClient.invalidateQueries({ queryKey: investingKeys.lists() });
  });
  useRealtimeEvent('investing.changed', () => {
    void queryClient.invalidateQueries({ queryKey: investingKeys.lists() });
  });

  const changeTab = (value: string) => {
    const next = parseTab(value);
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === 'all') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { preventScrollReset: true },
    );
  };

  if (isLoading) return <PageSpinner />;

  return (
    <section aria-labelledby="investing-heading" className="mx-auto w-full max-w-5xl px-3 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="investing-heading" className="text-2xl font-semibold tracking-tight">
          {INVESTING_MSG.heading}
        </h1>
        <Button onClick={() => (viewer ? setIsSubmitOpen(true) : prompt(INVESTING_MSG.signInSubmit))}>
          <Plus aria-hidden="true" />
          {INVESTING_MSG.submitIdea}
        </Button>
      </div>
      <Tabs value={tab} onValueChange={changeTab} activationMode="manual" className="mt-4">
        <TabsList
          aria-label="Industries"
          className="justify-start overflow-x-auto [scrollbar-width:none] sm:w-fit"
        >
          {tabs.map((value) => (
            <TabsTrigger key={value} value={value} className="flex-none">
              {ideaTabLabel(value)}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((value) => (
          <TabsContent key={value} value={value} className="mt-4">
            {value === tab && viewer ? <IdeaList tab={value} /> : null}
          </TabsContent>
        ))}
      </Tabs>
      {viewer ? <SubmitIdeaDialog open={isSubmitOpen} onOpenChange={setIsSubmitOpen} /> : null}
    </section>
  );
}

function IdeaList({ tab }: { tab: IdeaTab }) {
  const query = useIdeaTab(tab);
  const [funding, setFunding] = useState<IdeaSummary | null>(null);
  const [contact, setContact] = useState<IdeaSummary | null>(null);

  if (query.isPending) return <IdeaSkeleton />;
  if (query.isError && !query.data)
    return (
      <Card>
        <LoadError message={INVESTING_MSG.loadFailed} onRetry={query.refetch} />
      </Card>
    );
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return (
      <Card className="flex flex-col items-center gap-3 px-4 py-12 text-center">
        <p className="text-muted-foreground">{INVESTING_MSG.empty}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {INVESTING_MSG.refresh}
        </Button>
      </Card>
    );
  return (
    <>
      <ul aria-label="Business ideas" className="grid gap-4 md:grid-cols-2">
        {items.map((idea) => (
          <li key={idea.id} className="flex min-w-0">
            <IdeaCard idea={idea} onUpdateFunding={setFunding} onContact={setContact} />
          </li>
        ))}
      </ul>
      <InfiniteListEnd query={query} errorMessage={INVESTING_MSG.loadFailed} />
      {funding ? (
        <FundingDialog
          key={funding.id}
          idea={funding}
          open
          onOpenChange={(open) => !open && setFunding(null)}
        />
      ) : null}
      {contact ? (
        <ContactDialog
          key={contact.id}
          idea={contact}
          open
          onOpenChange={(open) => !open && setContact(null)}
        />
      ) : null}
    </>
  );
}
