import type { Industry, Risk } from '@common/investing/model';
import { INVESTING_MSG } from '@common/investing/model';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import { sql } from 'drizzle-orm';
import { businessIdeaFollowers, businessIdeas, businessUpdates } from '../../db/schema/investing';
import type { DemoContext, DemoPerson } from '../../platform/demo';
import { publishToFeed } from '../feed';

/*
 * The demo community's investing board: ideas by founders (the featured founder's own among them),
 * some with a drawn picture, funding somewhere between nothing and past the goal, a few updates
 * each, investors following them (with the notices of each later update) and inquiries noticed.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Template = {
  title: string;
  industry: Industry;
  risk: Risk;
  goal: number;
  equity: number | null;
  location: string;
  description: string;
  updates: { title: string; content: string }[];
};

const FOUNDER_IDEA: Template = {
  title: 'Loomwork: payroll for small clinics',
  industry: 'healthcare',
  risk: 'medium',
  goal: 750_000,
  equity: 12.5,
  location: 'Manchester, UK',
  description:
    'Loomwork runs payroll, rotas and holiday for clinics of five to fifty people. Practice managers spend a day a month on payroll; with Loomwork it is twenty minutes. 140 clinics pay us today, with 96% of them still with us after a year. We are raising a seed round to hire two engineers and a second salesperson.',
  updates: [
    {
      title: 'Crossed 140 paying clinics',
      content: 'We signed eleven new clinics this month, three of them from referrals by existing customers.',
    },
    {
      title: 'Second engineer hired',
      content:
        'Priya joins us from a large payments company and will own our integrations with accounting tools.',
    },
  ],
};

const TEMPLATES: Template[] = [
  {
    title: 'GridShare community batteries',
    industry: 'energy',
    risk: 'high',
    goal: 2_000_000,
    equity: 18,
    location: 'Leeds, UK',
    description:
      'Street-level batteries that neighbours co-own, charged from rooftop solar at noon and discharged at the evening peak. Pilot of 40 homes cut their bills by a fifth.',
    updates: [
      {
        title: 'Pilot results published',
        content: 'Forty homes, six months: bills down 21% on average, no outages.',
      },
    ],
  },
  {
    title: 'Ledgerly bookkeeping for freelancers',
    industry: 'finance',
    risk: 'low',
    goal: 250_000,
    equity: 8,
    location: 'Dublin, Ireland',
    description:
      'Bookkeeping that reads your bank feed and files your quarterly tax return. Built for freelancers who hate spreadsheets; 3,000 paying users after eight months.',
    updates: [
      {
        title: 'Tax filing is live',
        content: 'Users can now file their quarterly return from the app in four clicks.',
      },
      {
        title: 'Three thousand paying users',
        content: 'Growth has been word of mouth so far; we start paid acquisition next month.',
      },
    ],
  },
  {
    title: 'Tutorloop peer tutoring marketplace',
    industry: 'education',
    risk: 'medium',
    goal: 400_000,
    equity: 15,
    location: 'Berlin, Germany',
    description:
      'University students tutor secondary school pupils in their own neighbourhood, booked and paid through the app. Schools refer pupils; parents pay less than half of agency rates.',
    updates: [
      {
        title: 'Five schools signed',
        content: 'Five schools now refer pupils to Tutorloop directly from their support programmes.',
      },
    ],
  },
  {
    title: 'Verdant vertical farms for restaurants',
    industry: 'agriculture',
    risk: 'high',
    goal: 1_200_000,
    equity: 20,
    location: 'Rotterdam, Netherlands',
    description:
      'Shipping-container farms parked behind restaurants, growing herbs and leaves on site. Chefs pick an hour before service; we run the farm remotely.',
    updates: [],
  },
  {
    title: 'Fleetwise route planning for vans',
    industry: 'transportation',
    risk: 'medium',
    goal: 600_000,
    equity: 10,
    location: 'Lyon, France',
    description:
      'Route planning for delivery fleets of ten to two hundred vans that re-plans live as traffic and customers change. Customers save 14% on fuel in the first quarter.',
    updates: [
      {
        title: 'Electric vans supported',
        content: 'Routes now account for charging stops and battery range.',
      },
    ],
  },
  {
    title: 'ClinicNote AI scribe',
    industry: 'tech',
    risk: 'medium',
    goal: 900_000,
    equity: 14,
    location: 'Amsterdam, Netherlands',
    description:
      'An assistant that listens to a consultation (with consent) and drafts the clinical note for the doctor to check. Doctors in our pilot save forty minutes a day.',
    updates: [
      {
        title: 'Pilot with two practices',
        content: 'Two group practices started a three-month pilot with twelve doctors.',
      },
    ],
  },
  {
    title: 'Harbour Kitchen meal boxes',
    industry: 'food',
    risk: 'low',
    goal: 150_000,
    equity: 9.5,
    location: 'Bristol, UK',
    description:
      'Weekly meal boxes cooked from surplus produce of local farms, delivered by bike. 600 weekly subscribers and profitable on each box.',
    updates: [],
  },
  {
    title: 'Stackwise inventory for shops',
    industry: 'retail',
    risk: 'low',
    goal: 300_000,
    equity: null,
    location: 'Madrid, Spain',
    description:
      "Inventory for independent shops that counts stock from a phone video of the shelves. Reorders itself from the shop's suppliers when stock runs low.",
    updates: [
      {
        title: 'Supplier integrations',
        content: 'Stackwise now orders directly from six wholesale suppliers.',
      },
    ],
  },
];

const PALETTES: Record<string, [string, string, string]> = {
  healthcare: ['#0f766e', '#14b8a6', '#ccfbf1'],
  energy: ['#78350f', '#f59e0b', '#fef3c7'],
  finance: ['#1e3a8a', '#3b82f6', '#dbeafe'],
  education: ['#581c87', '#a855f7', '#f3e8ff'],
  agriculture: ['#14532d', '#22c55e', '#dcfce7'],
  transportation: ['#1f2937', '#6b7280', '#e5e7eb'],
  tech: ['#312e81', '#6366f1', '#e0e7ff'],
  food: ['#7c2d12', '#f97316', '#ffedd5'],
  retail: ['#831843', '#ec4899', '#fce7f3'],
};

function pictureSvg(ctx: DemoContext, industry: Industry): string {
  const [a, b, c] = PALETTES[industry] ?? ['#111827', '#4b5563', '#f3f4f6'];
  const bars = Array.from({ length: 6 }, (_, i) => {
    const h = ctx.between(80, 360);
    return `<rect x="${140 + i * 160}" y="${560 - h}" width="110" height="${h}" rx="12" fill="${c}" fill-opacity="0.8"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>${bars}
</svg>`;
}

export async function demo(ctx: DemoContext): Promise<void> {
  const [founder, investor] = ctx.featured as [DemoPerson, DemoPerson];
  const founders = ctx.sample(
    ctx.people.filter(
      (p) => p.kind === 'founder' && !ctx.featured.includes(p) && p.joinedAt < ctx.daysAgo(5),
    ),
    TEMPLATES.length,
  );
  const investors = ctx.people.filter((p) => p.kind === 'investor');
  const planned = [
    { author: founder, template: FOUNDER_IDEA },
    ...TEMPLATES.slice(0, founders.length).map((template, i) => ({ author: founders[i]!, template })),
  ];
  let updates = 0;
  let follows = 0;
  for (const [index, { author, template }] of planned.entries()) {
    const id = ctx.uuid();
    const at =
      index === 0
        ? ctx.daysAgo(20)
        : ctx.timeBetween(ctx.latest(author.joinedAt, ctx.daysAgo(40)), ctx.daysAgo(1));
    const imageUrl = ctx.chance(0.75)
      ? await ctx.storeImage(pictureSvg(ctx, template.industry), 1200, 'content', author.id)
      : null;
    const received = Math.round(template.goal * [0, 0.15, 0.42, 0.8, 1.1][ctx.between(0, 4)]!);
    await ctx.db.insert(businessIdeas).values({
      id,
      userId: author.id,
      title: template.title,
      description: template.description,
      fundingGoal: String(template.goal),
      fundingReceived: String(received),
      equityOffered: template.equity === null ? null : String(template.equity),
      industry: template.industry,
      risk: template.risk,
      location: template.location,
      imageUrl,
      createdAt: at,
      updatedAt: at,
    });
    ctx.schedule(at, async () => {
      const item = await publishToFeed(ctx, {
        kind: 'business_idea',
        contentId: id,
        userId: author.id,
        title: template.title,
        description: template.description,
        imageUrl,
        link: `/investing/${id}`,
      });
      await ctx.db.execute(
        sql`update feed_items set created_at = ${at.toISOString()}::timestamptz where id = ${item.id}::bigint`,
      );
      ctx.count('feed items', 1);
    });
    // Investors follow; the featured investor follows the featured founder's idea.
    const followers = ctx.sample(
      investors.filter((p) => p !== author),
      ctx.between(1, 4),
    );
    if (index === 0 && !followers.includes(investor)) followers.push(investor);
    const followedAt = (p: DemoPerson) =>
      ctx.timeBetween(ctx.latest(at, p.joinedAt), new Date(at.getTime() + DAY));
    if (followers.length)
      await ctx.db
        .insert(businessIdeaFollowers)
        .values(followers.map((p) => ({ businessIdeaId: id, userId: p.id, createdAt: followedAt(p) })));
    follows += followers.length;
    // Updates after the idea, each noticed by its followers.
    let last = at;
    for (const u of template.updates) {
      const when = ctx.timeBetween(
        new Date(last.getTime() + HOUR),
        ctx.latest(new Date(last.getTime() + 2 * HOUR), new Date(ctx.now.getTime() - HOUR)),
      );
      last = when;
      const updateId = ctx.uuid();
      await ctx.db.insert(businessUpdates).values({
        id: updateId,
        businessIdeaId: id,
        userId: author.id,
        title: u.title,
        content: u.content,
        createdAt: when,
      });
      updates += 1;
      for (const f of followers)
        ctx.notify({
          userId: f.id,
          actorId: author.id,
          type: 'business_action',
          title: INVESTING_MSG.newUpdateTitle,
          message: INVESTING_MSG.newUpdateText(template.title, u.title),
          link: `/investing/${id}`,
          relatedId: id,
          data: { businessIdeaId: id, updateId },
          groupKey: null,
          at: when,
          readAt: ctx.chance(0.5)
            ? null
            : new Date(Math.min(when.getTime() + 6 * HOUR, ctx.now.getTime() - 60_000)),
        });
    }
    // The featured founder's idea has had an inquiry from the featured investor, noticed.
    if (index === 0) {
      const askedAt = ctx.timeBetween(new Date(at.getTime() + DAY), ctx.daysAgo(2));
      ctx.notify({
        userId: author.id,
        actorId: investor.id,
        type: 'business_inquiry',
        title: NOTIFICATION_TEXT.businessInquiry.title,
        message: NOTIFICATION_TEXT.businessInquiry.text(investor.fullName, template.title),
        link: `/messages?with=${investor.id}`,
        relatedId: null,
        data: { senderId: investor.id, businessIdeaId: id, businessIdeaTitle: template.title },
        groupKey: null,
        at: askedAt,
        readAt: new Date(askedAt.getTime() + 3 * HOUR),
      });
    }
  }
  ctx.count('business ideas', planned.length);
  ctx.count('idea updates', updates);
  ctx.count('idea follows', follows);
}
