import { SquarePen } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ARTICLE_MSG,
  ARTICLE_TAB_LABELS,
  ARTICLE_TABS,
  MEMBER_ARTICLE_TABS,
  type Article,
  type ArticleTab,
} from '@common/articles/model';
import { useMe } from '@web/lib/me';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ArticleList } from '../components/article-list';

// The editor (and the markdown renderer of its preview) comes in its own chunk, for writers only.
const loadEditor = () => import('../components/article-editor-dialog');
const ArticleEditorDialog = lazy(() => loadEditor().then((m) => ({ default: m.ArticleEditorDialog })));

function parseTab(value: string | null, isMember: boolean): ArticleTab {
  const tab = ARTICLE_TABS.find((t) => t === value) ?? 'all';
  return !isMember && MEMBER_ARTICLE_TABS.includes(tab) ? 'all' : tab;
}

/** Which editor is open: a new article, or one of the member's drafts. */
type EditorTarget = { draftId: string | null; key: number };

/**
 * /articles: the heading, Write Article for members, and the tabs (the tab lives in the address
 * as ?tab=, All Articles being none); members also get My Articles and Drafts.
 */
export function ArticlesPage() {
  const { viewer, isLoading } = useMe();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const viewerId = viewer?.id ?? null;
  const tab = parseTab(searchParams.get('tab'), viewerId !== null);
  const tabs = viewerId ? ARTICLE_TABS : ARTICLE_TABS.filter((t) => !MEMBER_ARTICLE_TABS.includes(t));
  const sectionRef = useRef<HTMLElement>(null);
  const tabListRef = useRef<HTMLDivElement>(null);

  // On a phone the tabs scroll sideways: the chosen one (Drafts, from the address) is shown.
  useEffect(() => {
    const list = tabListRef.current;
    const active = list?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!list || !active) return;
    const from = list.getBoundingClientRect();
    const at = active.getBoundingClientRect();
    list.scrollTo({ left: list.scrollLeft + at.left - from.left - (from.width - at.width) / 2 });
  }, [tab, isLoading]);

  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const [isEditorOpen, setIsEditorOpen] = useState(false);
  // Each editor target gets its own key: reopening the same one keeps what was written (a new
  // article's text stays until it is saved).
  const nextKey = useRef(0);

  const changeTab = (value: string) => {
    const next = parseTab(value, viewerId !== null);
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === 'all') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { preventScrollReset: true },
    );
    const section = sectionRef.current;
    if (section && section.getBoundingClientRect().top < 0) section.scrollIntoView({ block: 'start' });
  };

  const openEditor = (draftId: string | null) => {
    if (!editor || editor.draftId !== draftId) {
      nextKey.current += 1;
      setEditor({ draftId, key: nextKey.current });
    }
    setIsEditorOpen(true);
  };

  const onSaved = (article: Article) => {
    setIsEditorOpen(false);
    setEditor(null);
    if (article.status === 'published') void navigate(`/articles/${article.id}`);
    else changeTab('drafts');
  };

  if (isLoading) return <PageSpinner />;

  return (
    <section
      ref={sectionRef}
      aria-labelledby="articles-heading"
      className="mx-auto w-full max-w-6xl scroll-mt-14 px-3 py-6 sm:px-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="articles-heading" className="text-2xl font-semibold tracking-tight">
          {ARTICLE_MSG.heading}
        </h1>
        {viewer ? (
          <Button
            onClick={() => openEditor(null)}
            onPointerEnter={() => void loadEditor()}
            onFocus={() => void loadEditor()}
          >
            <SquarePen aria-hidden="true" />
            {ARTICLE_MSG.writeArticle}
          </Button>
        ) : null}
      </div>

      {/* Manual: arrow keys move between tabs, Enter or Space loads one. */}
      <Tabs value={tab} onValueChange={changeTab} activationMode="manual" className="mt-4">
        <div className="sticky top-14 z-20 -mx-3 bg-background/95 px-3 py-2 backdrop-blur supports-backdrop-filter:bg-background/85 sm:-mx-6 sm:px-6">
          <TabsList
            ref={tabListRef}
            aria-label="Article categories"
            className="justify-start overflow-x-auto [scrollbar-width:none] max-sm:mask-r-from-85% sm:w-fit"
          >
            {tabs.map((value) => (
              <TabsTrigger key={value} value={value} className="flex-none">
                {ARTICLE_TAB_LABELS[value]}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {tabs.map((value) => (
          <TabsContent key={value} value={value} className="mt-2">
            {value === tab ? (
              <ArticleList tab={value} viewerId={viewerId} onEditDraft={(id) => openEditor(id)} />
            ) : null}
          </TabsContent>
        ))}
      </Tabs>

      {viewer && editor ? (
        <Suspense fallback={null}>
          <ArticleEditorDialog
            key={editor.key}
            open={isEditorOpen}
            onOpenChange={setIsEditorOpen}
            draftId={editor.draftId}
            onSaved={onSaved}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
