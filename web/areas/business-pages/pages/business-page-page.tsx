import { isUuid } from '@common/core/ids';
import {
  ArrowLeft,
  BadgeCheck,
  Building2,
  Camera,
  Clock,
  Globe,
  Mail,
  MapPin,
  Phone,
  Star,
  Users,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BUSINESS_MSG, PAGE_INQUIRY_KIND, type BusinessPage } from '@common/business-pages/model';
import { inquiryChatPath } from '@common/messages/model';
import { imageVariantUrl } from '@common/core/uploads';
import { useMe } from '@web/lib/me';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { ImageFileInput, UploadProgress } from '@web/components/image-upload-parts';
import { GeneratedCover } from '@web/components/generated-cover';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useBusinessPage } from '../api/get-business-page';
import { usePosts } from '../api/get-posts';
import { useFollow, useSetCover } from '../api/page-mutations';
import { useImageUpload } from '../api/upload-business-image';
import { useBusinessPageLive } from '../api/use-business-page-live';
import { PostCard } from '../components/post-card';
import { PostComposer } from '../components/post-composer';
import { ReviewsTab } from '../components/reviews-tab';

const PageFormDialog = lazy(() =>
  import('../components/page-form-dialog').then((m) => ({ default: m.PageFormDialog })),
);

/**
 * /business-pages/:id and /business/:id (docs/product-rules.md: both route forms): the cover, avatar and
 * details; 'Edit Page' and 'Change Cover' for the owner, Follow/Following (live count) and Message for
 * others; tabs Posts, About, Reviews. A malformed or unknown id shows 'Business Page Not Found'.
 */
export function BusinessPagePage() {
  const { id = '' } = useParams();
  const { viewer, isLoading } = useMe();
  const isValid = isUuid(id);
  const query = useBusinessPage(id, viewer?.id ?? null, isValid && !isLoading);
  useBusinessPageLive(id, isValid && viewer !== null);

  const name = query.data?.name;
  useEffect(() => {
    if (name) document.title = `${name} · Cofound`;
  }, [name]);

  if (!isValid || (isApiError(query.error) && query.error.status === 404)) return <NotFound />;
  if (isLoading || query.isPending) return <PageSpinner />;
  if (!query.data)
    return (
      <Frame>
        <LoadError message={BUSINESS_MSG.loadFailed} onRetry={query.refetch} />
      </Frame>
    );
  return <PageDetail key={id} page={query.data} viewerId={viewer?.id ?? null} />;
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-3 py-4 sm:px-6 sm:py-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
        <Link to="/business-pages">
          <ArrowLeft aria-hidden="true" />
          {BUSINESS_MSG.back}
        </Link>
      </Button>
      {children}
    </div>
  );
}

function NotFound() {
  return (
    <Frame>
      <Card className="flex flex-col items-center gap-3 p-8 text-center">
        <Building2 aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-xl font-semibold">{BUSINESS_MSG.notFound}</h1>
        <p className="text-sm text-muted-foreground">{BUSINESS_MSG.notFoundText}</p>
      </Card>
    </Frame>
  );
}

function PageDetail({ page, viewerId }: { page: BusinessPage; viewerId: string | null }) {
  const navigate = useNavigate();
  const follow = useFollow(page.id);
  const setCover = useSetCover(page.id);
  const coverUpload = useImageUpload('cover');
  const coverInput = useRef<HTMLInputElement>(null);
  const [isEditing, setIsEditing] = useState(false);
  const following = follow.isPending ? follow.variables : page.isFollowing;

  const needSignIn = () => {
    toast.error(BUSINESS_MSG.authRequired);
    void navigate('/auth');
  };

  const changeCover = async (file: File) => {
    const url = await coverUpload.upload(file);
    if (url) setCover.mutate(url, { onError: () => toast.error(BUSINESS_MSG.updateFailed) });
  };

  return (
    <Frame>
      <article aria-labelledby="business-name" className="flex flex-col gap-4">
        <Card className="overflow-hidden">
          <div className="relative h-40 bg-muted sm:h-56">
            {page.coverImage ? (
              <img src={imageVariantUrl(page.coverImage, 1500)} alt="" className="size-full object-cover" />
            ) : (
              <GeneratedCover title={page.name} icon={Building2} className="size-full" />
            )}
            {page.isOwner ? (
              <div className="absolute right-3 bottom-3 flex flex-col items-end gap-2">
                {coverUpload.isUploading ? (
                  <UploadProgress
                    percent={coverUpload.percent}
                    label="Cover upload"
                    onCancel={coverUpload.cancel}
                    className="w-48 rounded-md bg-card/90 p-1"
                  />
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => coverInput.current?.click()}
                    disabled={setCover.isPending}
                  >
                    <Camera aria-hidden="true" />
                    {BUSINESS_MSG.changeCover}
                  </Button>
                )}
                <ImageFileInput
                  ref={coverInput}
                  label={`${BUSINESS_MSG.coverImage} file`}
                  onFile={(f) => void changeCover(f)}
                />
              </div>
            ) : null}
          </div>
          <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-end sm:justify-between sm:p-6">
            <div className="flex min-w-0 items-end gap-4">
              <div className="relative -mt-14 flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-xl border-4 border-card bg-secondary">
                {page.profileImage ? (
                  <img
                    src={imageVariantUrl(page.profileImage, 256)}
                    alt=""
                    className="size-full object-cover"
                  />
                ) : (
                  <Building2 aria-hidden="true" className="size-10 text-muted-foreground" />
                )}
              </div>
              <div className="flex min-w-0 flex-col gap-1">
                <h1 id="business-name" className="flex items-center gap-1 text-2xl font-bold break-words">
                  {page.name}
                  {page.isVerified ? (
                    <BadgeCheck
                      role="img"
                      aria-label={BUSINESS_MSG.verified}
                      className="size-6 shrink-0 text-primary"
                    />
                  ) : null}
                </h1>
                <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <Badge variant="secondary">{page.category}</Badge>
                  <span
                    className="inline-flex items-center gap-1"
                    aria-live="polite"
                    data-testid="follower-count"
                  >
                    <Users aria-hidden="true" className="size-4" />
                    {BUSINESS_MSG.followers(page.followers)}
                  </span>
                  {page.rating.average !== null ? (
                    <span className="inline-flex items-center gap-1">
                      <Star aria-hidden="true" className="size-4 fill-amber-500 text-amber-600" />
                      {page.rating.average.toFixed(1)} ({BUSINESS_MSG.reviewCount(page.rating.count)})
                    </span>
                  ) : null}
                </div>
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              {page.isOwner ? (
                <Button variant="outline" onClick={() => setIsEditing(true)}>
                  {BUSINESS_MSG.editPage}
                </Button>
              ) : (
                <>
                  <Button
                    variant={following ? 'outline' : 'default'}
                    aria-pressed={following}
                    onClick={() =>
                      viewerId
                        ? follow.mutate(!following, { onError: () => toast.error(BUSINESS_MSG.followFailed) })
                        : needSignIn()
                    }
                  >
                    {following ? BUSINESS_MSG.following : BUSINESS_MSG.follow}
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() =>
                      viewerId
                        ? void navigate(
                            inquiryChatPath(page.owner.id, { kind: PAGE_INQUIRY_KIND, id: page.id }),
                          )
                        : needSignIn()
                    }
                  >
                    {BUSINESS_MSG.message}
                  </Button>
                </>
              )}
            </div>
          </div>
          <p className="px-4 pb-4 text-sm break-words whitespace-pre-wrap sm:px-6 sm:pb-6">
            {page.description}
          </p>
        </Card>

        <Tabs defaultValue="posts">
          <TabsList aria-label="Business page sections" className="w-full sm:w-fit">
            <TabsTrigger value="posts">{BUSINESS_MSG.tabPosts}</TabsTrigger>
            <TabsTrigger value="about">{BUSINESS_MSG.tabAbout}</TabsTrigger>
            <TabsTrigger value="reviews">{BUSINESS_MSG.tabReviews}</TabsTrigger>
          </TabsList>
          <TabsContent value="posts" className="mt-4">
            <PostsTab page={page} viewerId={viewerId} />
          </TabsContent>
          <TabsContent value="about" className="mt-4">
            <AboutTab page={page} />
          </TabsContent>
          <TabsContent value="reviews" className="mt-4">
            <ReviewsTab page={page} viewerId={viewerId} />
          </TabsContent>
        </Tabs>
      </article>

      {page.isOwner && isEditing ? (
        <Suspense fallback={null}>
          <PageFormDialog
            open={isEditing}
            onOpenChange={setIsEditing}
            page={page}
            onSaved={() => setIsEditing(false)}
          />
        </Suspense>
      ) : null}
    </Frame>
  );
}

function PostsTab({ page, viewerId }: { page: BusinessPage; viewerId: string | null }) {
  const query = usePosts(page.id, viewerId);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="flex flex-col gap-4">
      {page.isOwner ? (
        <Card className="p-4">
          <PostComposer pageId={page.id} />
        </Card>
      ) : null}
      {query.isPending ? (
        <Spinner label="Loading posts" />
      ) : query.isError && items.length === 0 ? (
        <LoadError message={BUSINESS_MSG.loadPostsFailed} onRetry={query.refetch} />
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{BUSINESS_MSG.noPosts}</p>
      ) : (
        <ul aria-label={BUSINESS_MSG.tabPosts} className="flex flex-col gap-4">
          {items.map((post) => (
            <li key={post.id}>
              <PostCard post={post} isSignedIn={viewerId !== null} />
            </li>
          ))}
        </ul>
      )}
      <InfiniteListEnd query={query} errorMessage={BUSINESS_MSG.loadPostsFailed} />
    </div>
  );
}

function AboutTab({ page }: { page: BusinessPage }) {
  const rows: { icon: typeof Globe; label: string; value: React.ReactNode }[] = [];
  if (page.address) rows.push({ icon: MapPin, label: BUSINESS_MSG.address, value: page.address });
  if (page.phone)
    rows.push({
      icon: Phone,
      label: BUSINESS_MSG.phone,
      value: (
        <a href={`tel:${page.phone.replace(/[^\d+]/g, '')}`} className="text-link hover:underline">
          {page.phone}
        </a>
      ),
    });
  // The server keeps only http(s) addresses; the link still never carries the opener or referrer.
  if (page.website)
    rows.push({
      icon: Globe,
      label: BUSINESS_MSG.website,
      value: (
        <a
          href={page.website}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
          className="break-all text-link hover:underline"
        >
          {page.website}
        </a>
      ),
    });
  if (page.email)
    rows.push({
      icon: Mail,
      label: BUSINESS_MSG.email,
      value: (
        <a href={`mailto:${page.email}`} className="break-all text-link hover:underline">
          {page.email}
        </a>
      ),
    });
  if (page.hours) rows.push({ icon: Clock, label: BUSINESS_MSG.hours, value: page.hours });
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-3 text-lg font-semibold">{BUSINESS_MSG.tabAbout}</h2>
      <p className="mb-4 text-sm break-words whitespace-pre-wrap">{page.description}</p>
      <dl className="grid gap-3 text-sm">
        {rows.map(({ icon: Icon, label, value }) => (
          <div key={label} className="flex items-start gap-3">
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <dt className="sr-only">{label}</dt>
            <dd className="min-w-0">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
