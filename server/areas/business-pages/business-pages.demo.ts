import { BUSINESS_POST_REPORT_TARGET, type BusinessCategory } from '@common/business-pages/model';
import { MENTION_MSG, mentionToken } from '@common/core/mentions';
import { sql } from 'drizzle-orm';
import {
  businessPageFollowers,
  businessPages,
  businessPostLikes,
  businessPosts,
  businessPostShares,
  businessReviews,
} from '../../db/schema/business-pages';
import { comments } from '../../db/schema/engagement';
import type { DemoContext, DemoPerson } from '../../platform/demo';
import { publishToFeed } from '../feed';

/*
 * The demo community's business pages: a handful of local businesses and start-ups owned by its
 * founders and professionals (the featured founder's company among them), each with followers,
 * a few posts liked, shared and commented on, and reviews, most approved by a moderator and a
 * couple still pending. Counters are written equal to the rows behind them. Each page has a drawn
 * logo (its monogram on its colour) and cover, stored as the owner's uploads like real ones.
 */

const HOUR = 3_600_000;

type Template = {
  name: string;
  category: BusinessCategory;
  description: string;
  website: string;
  hours: string;
  address: string;
  /** The brand's colours: main, accent. */
  colors: [string, string];
  posts: string[];
};

const PAGES: Template[] = [
  {
    name: 'Loomwork Payroll',
    category: 'Technology',
    description:
      'Payroll and scheduling for small clinics. Built by people who have run a front desk on a Friday afternoon.',
    website: 'https://loomwork.example.com',
    hours: 'Support Mon-Fri 8:00-18:00',
    address: '14 Mill Lane, Leeds',
    colors: ['#0f766e', '#99f6e4'],
    posts: [
      'We just shipped shift swaps: staff trade shifts in two taps, managers approve in one.',
      'Thank you to the 40 clinics who joined us this quarter. Your feedback shaped every release.',
    ],
  },
  {
    name: 'Harbour Street Bakery',
    category: 'Restaurant',
    description: 'Sourdough, cardamom buns and strong coffee by the harbour since 2016.',
    website: 'https://harbourbakery.example.com',
    hours: 'Tue-Sun 7:00-15:00',
    address: '3 Harbour Street, Whitby',
    colors: ['#92400e', '#fde68a'],
    posts: ['Rye and fennel loaf is back this weekend!', 'We are hiring an early-morning baker. Message us.'],
  },
  {
    name: 'Northlight Studio',
    category: 'Professional Services',
    description:
      'Brand and product design for early-stage companies. Small team, senior people, fixed prices.',
    website: 'https://northlight.example.com',
    hours: 'Mon-Thu 9:30-17:30',
    address: 'Unit 5, Canal Works, Manchester',
    colors: ['#1e1b4b', '#a5b4fc'],
    posts: ['New case study: how we rebuilt an onboarding flow in three weeks.'],
  },
  {
    name: 'Greenleaf Tutoring',
    category: 'Education',
    description: 'Maths and science tutoring for ages 11 to 18, online and in person.',
    website: 'https://greenleaf-tutoring.example.com',
    hours: 'Mon-Fri 15:30-20:00, Sat 9:00-13:00',
    address: '22 Park Road, Bristol',
    colors: ['#15803d', '#bbf7d0'],
    posts: [
      'Exam season timetable is up: book early for May sessions.',
      'Well done to all our GCSE students!',
    ],
  },
  {
    name: 'Kiln & Co Ceramics',
    category: 'Retail',
    description:
      'Handmade tableware fired in our own studio. Seconds sale on the first Saturday of every month.',
    website: 'https://kilnandco.example.com',
    hours: 'Wed-Sat 10:00-17:00',
    address: '8 Potters Yard, Stoke',
    colors: ['#9a3412', '#fed7aa'],
    posts: ['Speckled glaze mugs are back in stock.'],
  },
  {
    name: 'Bright Path Physio',
    category: 'Healthcare',
    description: 'Sports and post-operative physiotherapy. Same-week appointments.',
    website: 'https://brightpath.example.com',
    hours: 'Mon-Sat 8:00-19:00',
    address: '51 High Street, York',
    colors: ['#0369a1', '#bae6fd'],
    posts: ['Three stretches for people who sit all day, on our blog this week.'],
  },
];

const COMMENTS = [
  'Congratulations!',
  'Love this.',
  'See you on Saturday!',
  'Great news, well done.',
  'Sharing with my team.',
];
const REVIEWS: [number, string, string][] = [
  [5, 'Excellent service', 'Friendly people who clearly care about what they do. Highly recommended.'],
  [4, 'Very good', 'Great quality, a little busy at peak times but worth the wait.'],
  [5, 'Would come back', 'Everything was exactly as promised, and on time. Thank you!'],
  [3, 'Decent', 'Good overall, though I expected a bit more for the price.'],
];

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** The first letters of the name's first two words ('Kiln & Co Ceramics': KC). */
const monogram = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^[a-z]/i.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** A logo: the monogram in a ring on the brand's colour. */
function logoSvg(name: string, [a, b]: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<rect width="512" height="512" fill="${a}"/>
<circle cx="256" cy="256" r="190" fill="none" stroke="${b}" stroke-width="14"/>
<text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, Georgia, serif" font-weight="bold" font-size="170" fill="#fff">${escapeXml(monogram(name))}</text>
</svg>`;
}

/** A 3:1 banner in the brand's colours: diagonal bands or a scatter of rounded squares. */
function coverSvg(ctx: DemoContext, [a, b]: [string, string]): string {
  const shapes = ctx.chance(0.5)
    ? Array.from({ length: 7 }, (_, k) => {
        const x = k * 260 + ctx.between(-40, 40);
        return `<path d="M${x} 500 L${x + 260} 0 L${x + 330} 0 L${x + 70} 500 Z" fill="${b}" opacity="${(0.12 + ctx.random() * 0.25).toFixed(2)}"/>`;
      }).join('')
    : Array.from({ length: 14 }, () => {
        const size = ctx.between(60, 180);
        return `<rect x="${ctx.between(0, 1450)}" y="${ctx.between(-40, 440)}" width="${size}" height="${size}" rx="${Math.round(size / 5)}" fill="${b}" opacity="${(0.12 + ctx.random() * 0.25).toFixed(2)}" transform="rotate(${ctx.between(-20, 20)})"/>`;
      }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500" viewBox="0 0 1500 500">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}" stop-opacity="0.9"/></linearGradient></defs>
<rect width="1500" height="500" fill="${a}"/><rect width="1500" height="500" fill="url(#g)" opacity="0.6"/>${shapes}
</svg>`;
}

export async function demo(ctx: DemoContext): Promise<void> {
  const [founder] = ctx.featured as [DemoPerson, DemoPerson];
  const owners = [
    founder,
    ...ctx.sample(
      ctx.people.filter((p) => p !== founder && p.kind !== 'investor'),
      PAGES.length - 1,
    ),
  ];
  let pageCount = 0;
  for (const [i, t] of PAGES.entries()) {
    const owner = owners[i];
    if (!owner) continue;
    const from = ctx.latest(owner.joinedAt, ctx.daysAgo(40));
    // Ten days ago at the latest, unless the owner joined since.
    const createdAt = ctx.timeBetween(from, ctx.latest(new Date(from.getTime() + HOUR), ctx.daysAgo(10)));
    const others = ctx.people.filter((p) => p !== owner && p.joinedAt < createdAt);
    const followers = ctx.sample(others, ctx.between(4, 25));
    const pageId = ctx.uuid();
    const profileImage = await ctx.storeImage(logoSvg(t.name, t.colors), 512, 'avatar', owner.id);
    const coverImage = await ctx.storeImage(coverSvg(ctx, t.colors), 1500, 'cover', owner.id);
    await ctx.db.insert(businessPages).values({
      id: pageId,
      ownerId: owner.id,
      name: t.name,
      description: t.description,
      category: t.category,
      website: t.website,
      hours: t.hours,
      address: t.address,
      profileImage,
      coverImage,
      email: `hello@${new URL(t.website).hostname}`,
      followers: followers.length,
      isVerified: i < 2,
      createdAt,
      updatedAt: createdAt,
    });
    pageCount += 1;
    if (followers.length)
      await ctx.db
        .insert(businessPageFollowers)
        .values(
          followers.map((f) => ({ pageId, userId: f.id, createdAt: ctx.timeBetween(createdAt, ctx.now) })),
        );
    ctx.schedule(createdAt, async () => {
      const { id } = await publishToFeed(ctx, {
        kind: 'business_page',
        contentId: pageId,
        userId: owner.id,
        title: t.name,
        description: t.description,
        imageUrl: coverImage,
        link: `/business-pages/${pageId}`,
      });
      await ctx.db.execute(
        sql`update feed_items set created_at = ${createdAt.toISOString()}::timestamptz where id = ${id}::bigint`,
      );
      ctx.count('feed items', 1);
    });

    for (const [n, text] of t.posts.entries()) {
      const at = ctx.timeBetween(new Date(createdAt.getTime() + HOUR), ctx.now);
      const likers = ctx.sample(followers, ctx.between(0, followers.length));
      const sharers = ctx.sample(likers, ctx.between(0, 3));
      const postId = ctx.uuid();
      // Now and then a page's first post thanks one of its followers by name; they are told.
      const thanked = n === 0 && followers.length && ctx.chance(0.5) ? ctx.pick(followers) : null;
      const content = thanked
        ? `${text} Thanks to ${mentionToken({ id: thanked.id, name: thanked.fullName })} for the early feedback.`
        : text;
      if (thanked)
        ctx.notify({
          userId: thanked.id,
          actorId: owner.id,
          type: 'mention',
          title: MENTION_MSG.notificationTitle,
          message: MENTION_MSG.notificationText(owner.fullName, BUSINESS_POST_REPORT_TARGET.label),
          link: `/business-pages/${pageId}`,
          relatedId: postId,
          data: { contentKind: BUSINESS_POST_REPORT_TARGET.type, contentId: postId, from_user_id: owner.id },
          groupKey: null,
          at,
          readAt: ctx.chance(0.5) ? at : null,
        });
      await ctx.db.insert(businessPosts).values({
        id: postId,
        pageId,
        authorId: owner.id,
        content,
        likesCount: likers.length,
        sharesCount: sharers.length,
        createdAt: at,
        updatedAt: at,
      });
      const after = () => ctx.timeBetween(at, ctx.now);
      if (likers.length)
        await ctx.db
          .insert(businessPostLikes)
          .values(likers.map((p) => ({ postId, userId: p.id, createdAt: after() })));
      if (sharers.length)
        await ctx.db
          .insert(businessPostShares)
          .values(sharers.map((p) => ({ postId, userId: p.id, createdAt: after() })));
      const commenters = ctx.sample(followers, ctx.between(0, 3));
      if (commenters.length)
        await ctx.db.insert(comments).values(
          commenters.map((p) => ({
            contentType: 'business_post',
            contentId: postId,
            userId: p.id,
            content: ctx.pick(COMMENTS),
            createdAt: after(),
          })),
        );
      ctx.count('business posts', 1);
    }

    const reviewers = ctx.sample(others, ctx.between(1, 4));
    for (const [n, r] of reviewers.entries()) {
      const [rating, title, content] = ctx.pick(REVIEWS);
      const at = ctx.timeBetween(createdAt, ctx.now);
      // The newest review of the first two pages waits for a moderator.
      const pending = i < 2 && n === reviewers.length - 1;
      await ctx.db.insert(businessReviews).values({
        pageId,
        userId: r.id,
        rating,
        title,
        content,
        moderationStatus: pending ? 'pending' : 'approved',
        moderatedAt: pending ? null : ctx.timeBetween(at, ctx.now),
        createdAt: at,
        updatedAt: at,
      });
      ctx.count('business reviews', 1);
    }
  }
  ctx.count('business pages', pageCount);
}
