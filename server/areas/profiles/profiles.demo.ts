import { accounts, users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';
import type { DemoContext, DemoPerson } from '../../platform/demo';
import { hashPassword } from '../../platform/password';

/*
 * The demo community's people (npm run demo): accounts that sign in with the demo password (email
 * confirmed, as after the mailed link), their profiles, and generated avatars and covers stored
 * like uploaded ones. The accounts are the auth area's tables, written here because an account and
 * its profile are made together (as sign-up does).
 */

const PEOPLE = 200;

/** Word lists kept compact: split on spaces, or (with `items`) on semicolons and line ends. */
const words = (s: string) => s.split(/\s+/).filter(Boolean);
const items = (s: string) =>
  s
    .split(/;|\n/)
    .map((x) => x.trim())
    .filter(Boolean);

const FIRST_NAMES = words(`
  Amara Ben Chloe Daniel Elena Farid Grace Hiro Isabel Jonas Kwame Lena Marco Nadia Oscar Priya Quentin
  Rosa Samir Tara Umar Vera Wei Ximena Yusuf Zoe Aisha Bruno Camille Dev Emma Felix Gabriela Hannah Ivan
  Julia Kenji Leila Mateo Nina Omar Paula Rahul Sofia Tomás Ana Lucas Mia Noah Olivia Arjun Chen Diego
  Fatima Hugo Ines Jamal Katarina Liam Mei Nikolai Ola Pedro Ravi Sara Theo Valentina Yara Zain Alice
  Sam David Laura Michael Anna James Maria Thomas Sarah Alex
`);

const LAST_NAMES = words(`
  Adeyemi Bauer Castillo Dubois Eriksen Fischer García Haddad Ito Jensen Kowalski Larsen Mensah Nakamura
  Okonkwo Patel Quinn Rossi Schmidt Tanaka Usman Varga Walsh Xu Yilmaz Zhang Almeida Brennan Chowdhury
  Delgado Engel Ferreira Gupta Hoffmann Ivanova Jovanović Kim Lindqvist Moreau Novak O'Brien Petrova
  Ramirez Silva Torres Ueda Vasquez Weber Young Ziegler Anand Becker Costa Dimitrov Evans Fontaine Green
  Hansen Iyer Kaur Lopez Murphy Nguyen Osei Park Reyes Santos Thompson Vogel Wright
`);

const LOCATIONS = items(`
  Berlin, Germany; Lagos, Nigeria; Austin, TX; London, UK; Bangalore, India; São Paulo, Brazil
  Toronto, Canada; Singapore; Nairobi, Kenya; Amsterdam, Netherlands; Lisbon, Portugal; San Francisco, CA
  New York, NY; Paris, France; Stockholm, Sweden; Tel Aviv, Israel; Sydney, Australia; Mexico City, Mexico
  Seoul, South Korea; Dublin, Ireland; Barcelona, Spain; Boston, MA; Accra, Ghana; Warsaw, Poland
  Copenhagen, Denmark; Tokyo, Japan; Cape Town, South Africa; Chicago, IL; Zurich, Switzerland; Remote
`);

/** Startups and what each does (the first is the featured founder's). */
const STARTUPS = items(`
  Loomwork: payroll for small clinics
  Fernhill Labs: lab software for university research groups
  Quillstack: a writing workspace for legal teams
  Tidewater: water-quality sensors for fish farms
  Brightpath: career coaching for first-generation graduates
  Kiln: scheduling for pottery studios
  Mosaic Health: remote check-ups for rural patients
  Parcelly: same-day delivery for independent shops
  Sproutly: a savings app for teenagers
  Ledgerly: bookkeeping for freelancers
  Northwind Robotics: warehouse robots that rent by the hour
  Cobalt AI: document AI for insurance claims
  Harvest Grid: a marketplace for surplus farm produce
  Verdant: carbon accounting for small manufacturers
  Fieldnote: site diaries for construction engineers
  Orbital Freight: freight booking for small exporters
  Canopy Care: home-care rosters for families
  Lumen Finance: credit for gig workers
  Driftwood: boat sharing on European lakes
  Waypoint: indoor maps for hospitals
  Hatchery: an incubator for hardware teams
  Basecamp Bio: cheaper protein for plant-based food makers
  Meadow: quiet co-working for parents
  Atlas Clinics: a network of walk-in clinics
  Pocket Pantry: meal kits from local surplus food
  Tessellate: floor-plan design software
  Riverbend Energy: community solar for apartment blocks
  Solace: therapy sessions in ten languages
  Kindred Homes: shared ownership for first homes
  Nimbus Data: privacy-first product analytics
  Pillar: HR software for restaurants
  Oakleaf: furniture rental for students
`).map((line) => {
  const [name, what] = line.split(': ');
  return { name: name!, what: what! };
});

const FUNDS = items(`
  Northbeam Ventures; Harbor Lane Capital; Seedwell; Granite Peak Partners; Foundry Angels; Bluebird Capital
  Meridian Growth; Second Street Fund; Evergreen Climate Fund; Atlas Seed
`);

const COMPANIES = items(`
  Shopify; Spotify; Deloitte; Revolut; Atlassian; Accenture; Siemens; Stripe; Canva; Wise; Zalando
  Booking.com; Klarna; Unilever; Freelance; Independent; Monzo; N26; Mercado Libre; Grab
`);

const PROFESSIONS: { title: string; skills: string[]; bio: string[] }[] = [
  {
    title: 'Product Designer',
    skills: ['Figma', 'User Research', 'Prototyping', 'Design Systems', 'Accessibility', 'UX Writing'],
    bio: [
      'I design tools people use all day, and I like them quiet.',
      'Happy to review your onboarding flow.',
    ],
  },
  {
    title: 'Staff Software Engineer',
    skills: ['TypeScript', 'PostgreSQL', 'Distributed Systems', 'Go', 'Kubernetes', 'System Design'],
    bio: [
      'Backend systems, boring technology, fast pages.',
      'I mentor engineers moving into their first lead role.',
    ],
  },
  {
    title: 'Head of Growth',
    skills: ['Growth Marketing', 'SEO', 'Lifecycle Email', 'Experimentation', 'Analytics', 'Pricing'],
    bio: [
      'Took two B2B products from zero to their first thousand customers.',
      'Ask me about pricing pages.',
    ],
  },
  {
    title: 'Data Scientist',
    skills: ['Python', 'SQL', 'Machine Learning', 'Forecasting', 'dbt', 'Statistics'],
    bio: [
      'I turn messy spreadsheets into decisions.',
      'Currently into forecasting demand for small retailers.',
    ],
  },
  {
    title: 'Fractional CFO',
    skills: ['Financial Modeling', 'Fundraising', 'Cash Flow', 'Board Reporting', 'SaaS Metrics'],
    bio: [
      'I help seed-stage teams build their first real financial model.',
      'Runway first, vanity metrics never.',
    ],
  },
  {
    title: 'Startup Lawyer',
    skills: ['Venture Financing', 'Contracts', 'Employment Law', 'IP', 'Cap Tables'],
    bio: ['Term sheets, option plans and the contracts nobody reads until they matter.'],
  },
  {
    title: 'Talent Partner',
    skills: ['Recruiting', 'Employer Branding', 'Interviewing', 'Compensation', 'People Ops'],
    bio: ['I help early teams make their first ten hires.', 'Your job post is probably too long.'],
  },
  {
    title: 'Sales Director',
    skills: ['B2B Sales', 'Enterprise Sales', 'Negotiation', 'CRM', 'Sales Hiring'],
    bio: ['Founder-led sales to a team of twelve, twice.', 'I like a good discovery call.'],
  },
  {
    title: 'Marketing Lead',
    skills: ['Brand', 'Content Strategy', 'Copywriting', 'Social Media', 'Events'],
    bio: ['Brand and content for technical products.', 'I write the newsletter people actually open.'],
  },
  {
    title: 'Engineering Manager',
    skills: ['Leadership', 'Hiring', 'Agile', 'React', 'Node.js', 'Mentoring'],
    bio: [
      'Building calm, fast teams.',
      'I write about one-on-ones and on-call that does not burn people out.',
    ],
  },
  {
    title: 'Community Manager',
    skills: ['Community Building', 'Events', 'Moderation', 'Partnerships', 'Content'],
    bio: ['I run meetups for founders and the people who help them.', 'Always looking for speakers.'],
  },
  {
    title: 'Operations Manager',
    skills: ['Operations', 'Process Design', 'Supply Chain', 'Vendor Management', 'Excel'],
    bio: ['I make the unglamorous parts of a company run on time.'],
  },
];

const FOUNDER_TITLES = items(
  'Founder & CEO; Co-founder & CEO; Co-founder & CTO; Founder; Co-founder, Product',
);
const FOUNDER_SKILLS = items(`
  Fundraising; Product Strategy; Go-to-Market; Hiring; B2B Sales; Leadership; Pitching; Customer Discovery
  Product Management; Partnerships; Operations; Public Speaking
`);
const FOUNDER_PAST = items(`
  Previously product lead at a Series B fintech.
  Second-time founder: the first one taught me a lot.
  Former nurse turned founder.
  Ex-management consultant, recovering.
  Spent eight years in logistics before this.
  Engineer by training, salesperson by necessity.
  Previously ran operations at a food delivery startup.
`);
const FOUNDER_ASK = items(`
  Hiring our first designer.
  Raising our seed round this spring.
  Looking for pilot customers in Europe.
  Always happy to talk to other founders in health.
  Looking for a technical co-founder.
  We just crossed our first 100 paying customers.
`);

const INVESTOR_TITLES = items(
  'Partner; General Partner; Principal; Angel Investor; Venture Partner; Associate',
);
const INVESTOR_FOCUS = items(`
  climate tech; fintech infrastructure; digital health; developer tools; B2B software; marketplaces
  the future of work; consumer apps in emerging markets; robotics
`);
const INVESTOR_NOTE = items(`
  Former operator, so I like to help with hiring.
  I reply to every cold email that comes with a deck.
  Office hours every Thursday: book a slot.
  Ex-founder: I know how lonely the job is.
`);
const INVESTOR_SKILLS = items(`
  Due Diligence; Seed Investing; Term Sheets; Board Governance; Portfolio Support; Market Analysis
  Fundraising; Venture Capital; Financial Modeling
`);

/** Gradient pairs for avatars and covers. */
const PALETTES = items(`
  #6366f1 #a855f7; #0ea5e9 #22d3ee; #f97316 #facc15; #10b981 #84cc16; #ef4444 #f97316; #ec4899 #f43f5e
  #14b8a6 #0ea5e9; #8b5cf6 #ec4899; #0f766e #34d399; #1d4ed8 #60a5fa; #b45309 #f59e0b; #be123c #fb7185
  #4338ca #818cf8; #047857 #a3e635; #7c3aed #38bdf8; #334155 #64748b
`).map((pair) => words(pair) as [string, string]);

/** The two accounts `npm run demo` prints: a founder and an investor, among the earliest members. */
const FEATURED = [
  {
    firstName: 'Maya',
    lastName: 'Okafor',
    username: 'maya.okafor',
    kind: 'founder' as const,
    title: 'Founder & CEO',
    company: 'Loomwork',
    location: 'Lisbon, Portugal',
    bio: 'Building Loomwork: payroll for small clinics, so practice managers get their Fridays back. Previously product lead at a Series B fintech. Raising our seed round this spring.',
    skills: ['Fundraising', 'Product Strategy', 'Go-to-Market', 'B2B Sales', 'Hiring', 'Healthcare'],
  },
  {
    firstName: 'Daniel',
    lastName: 'Reyes',
    username: 'daniel.reyes',
    kind: 'investor' as const,
    title: 'Partner',
    company: 'Northbeam Ventures',
    location: 'London, UK',
    bio: 'Partner at Northbeam Ventures: pre-seed and seed in fintech infrastructure and health. Former founder (acquired 2019). My inbox is open for first-time founders.',
    skills: ['Seed Investing', 'Due Diligence', 'Board Governance', 'Fintech', 'Term Sheets'],
  },
];

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Initials on a soft two-colour gradient, sometimes with a few translucent circles behind them. */
function avatarSvg(ctx: DemoContext, name: string): string {
  const [from, to] = ctx.pick(PALETTES);
  const initials = name
    .split(' ')
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const angle = ctx.between(0, 3);
  const shapes = ctx.chance(0.5)
    ? Array.from(
        { length: 3 },
        () =>
          `<circle cx="${ctx.between(0, 512)}" cy="${ctx.between(0, 512)}" r="${ctx.between(90, 220)}" fill="#fff" fill-opacity="${(0.08 + ctx.random() * 0.1).toFixed(2)}"/>`,
      ).join('')
    : '';
  const [x1, y1, x2, y2] = [
    [0, 0, 1, 1],
    [1, 0, 0, 1],
    [0, 0, 0, 1],
    [0, 0, 1, 0],
  ][angle]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="512" height="512" fill="url(#g)"/>${shapes}
  <text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Helvetica, Arial, sans-serif" font-weight="bold" font-size="200" fill="#fff" fill-opacity="0.95">${escapeXml(initials)}</text>
</svg>`;
}

/** A 3:1 banner of soft waves in one palette. */
function coverSvg(ctx: DemoContext): string {
  const [from, to] = ctx.pick(PALETTES);
  const waves = Array.from({ length: 4 }, (_, i) => {
    const y = 160 + i * 90 + ctx.between(-30, 30);
    const a = ctx.between(40, 140);
    return `<path d="M0 ${y} C 400 ${y - a}, 1100 ${y + a}, 1500 ${y - a / 2} L1500 500 L0 500 Z" fill="#fff" fill-opacity="${(0.06 + i * 0.03).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500" viewBox="0 0 1500 500">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1500" height="500" fill="url(#g)"/>${waves}
</svg>`;
}

type Draft = Omit<DemoPerson, 'avatarUrl'> & { skills: string[]; verified: boolean; hasCover: boolean };

function makePerson(ctx: DemoContext, index: number, taken: Set<string>): Draft {
  const featured = FEATURED[index];
  let firstName: string;
  let lastName: string;
  do {
    firstName = featured?.firstName ?? ctx.pick(FIRST_NAMES);
    lastName = featured?.lastName ?? ctx.pick(LAST_NAMES);
  } while (!featured && taken.has(`${firstName} ${lastName}`));
  const fullName = `${firstName} ${lastName}`;
  taken.add(fullName);
  const f = ascii(firstName);
  const l = ascii(lastName);
  let username =
    featured?.username ?? ctx.pick([`${f}.${l}`, `${f}${l}`, `${f}_${l}`, `${f}${l[0]}`, `${f[0]}${l}`]);
  while (taken.has(username)) username = `${username}${ctx.between(1, 9)}`;
  taken.add(username);

  // The two featured accounts are among the first members; the rest came over six weeks, most in
  // the first ones (the launch), a few every day since.
  const joinedAt = featured
    ? ctx.daysAgo(41 - index * 2)
    : ctx.daysAgo(42 * (1 - Math.pow(ctx.random(), 2.5)) + ctx.random() * 0.2);
  const roll = ctx.random();
  const kind = featured?.kind ?? (roll < 0.32 ? 'founder' : roll < 0.47 ? 'investor' : 'professional');
  const location = featured?.location ?? ctx.pick(LOCATIONS);
  let title: string;
  let company: string;
  let bio: string;
  let skills: string[];
  if (featured) {
    ({ title, company, bio, skills } = featured);
  } else if (kind === 'founder') {
    const startup = ctx.pick(STARTUPS.slice(1));
    title = ctx.pick(FOUNDER_TITLES);
    company = startup.name;
    const parts = [`Building ${company}: ${startup.what}.`, ctx.pick(FOUNDER_PAST)];
    if (ctx.chance(0.7)) parts.push(ctx.pick(FOUNDER_ASK));
    bio = parts.join(' ');
    skills = ctx.sample(FOUNDER_SKILLS, ctx.between(3, 6));
  } else if (kind === 'investor') {
    title = ctx.pick(INVESTOR_TITLES);
    company = title === 'Angel Investor' ? 'Independent' : ctx.pick(FUNDS.slice(1));
    const focus = ctx.sample(INVESTOR_FOCUS, 2);
    const who = title === 'Angel Investor' ? 'Angel investor' : `${title} at ${company}`;
    bio = `${who}, writing first cheques in ${focus[0]} and ${focus[1]}.`;
    if (ctx.chance(0.7)) bio += ` ${ctx.pick(INVESTOR_NOTE)}`;
    skills = ctx.sample(INVESTOR_SKILLS, ctx.between(3, 5));
  } else {
    const job = ctx.pick(PROFESSIONS);
    title =
      /^(Head|Staff|Fractional|Startup)\b/.test(job.title) || !ctx.chance(0.2)
        ? job.title
        : `Senior ${job.title}`;
    company = ctx.chance(0.4) ? ctx.pick(STARTUPS.slice(1)).name : ctx.pick(COMPANIES);
    bio = ctx.sample(job.bio, job.bio.length).join(' ');
    skills = ctx.sample(job.skills, ctx.between(3, 6));
  }
  return {
    id: ctx.uuid(),
    username,
    fullName,
    firstName,
    email: `${f}.${l}${featured ? '' : index}@example.com`,
    kind,
    title,
    company,
    location,
    bio,
    skills,
    joinedAt,
    verified: !!featured || ctx.chance(0.12),
    hasCover: !!featured || ctx.chance(0.15),
  };
}

export async function demo(ctx: DemoContext): Promise<void> {
  const taken = new Set<string>();
  const drafts = Array.from({ length: PEOPLE }, (_, i) => makePerson(ctx, i, taken));
  // The pictures' designs come from the generator in a fixed order; they are drawn in parallel.
  const designs = drafts.map((p) => ({
    avatar: avatarSvg(ctx, p.fullName),
    cover: p.hasCover ? coverSvg(ctx) : null,
  }));
  const images: { avatarUrl: string; coverUrl: string | null }[] = new Array(drafts.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < drafts.length) {
        const i = next++;
        const p = drafts[i]!;
        const design = designs[i]!;
        images[i] = {
          avatarUrl: await ctx.storeImage(design.avatar, 512, 'avatar', p.id),
          coverUrl: design.cover ? await ctx.storeImage(design.cover, 1500, 'cover', p.id) : null,
        };
      }
    }),
  );

  // One hash for every account: they share the demo password, and hashing is slow on purpose.
  const hash = await hashPassword(ctx.password);
  for (let i = 0; i < drafts.length; i += 100) {
    const chunk = drafts.slice(i, i + 100);
    await ctx.db.insert(users).values(
      chunk.map((p) => ({
        id: p.id,
        name: p.fullName,
        email: p.email,
        emailVerified: true,
        username: p.username.toLowerCase(),
        displayUsername: p.username,
        role: 'user',
        createdAt: p.joinedAt,
        updatedAt: p.joinedAt,
      })),
    );
    await ctx.db.insert(accounts).values(
      chunk.map((p) => ({
        id: ctx.uuid(),
        accountId: p.id,
        providerId: 'credential',
        userId: p.id,
        password: hash,
        createdAt: p.joinedAt,
        updatedAt: p.joinedAt,
      })),
    );
    await ctx.db.insert(profiles).values(
      chunk.map((p, j) => ({
        id: p.id,
        username: p.username,
        fullName: p.fullName,
        email: p.email,
        avatarUrl: images[i + j]!.avatarUrl,
        coverPhotoUrl: images[i + j]!.coverUrl,
        bio: p.bio,
        location: p.location,
        company: p.company,
        title: p.title,
        skills: p.skills,
        verified: p.verified,
        createdAt: p.joinedAt,
        updatedAt: p.joinedAt,
      })),
    );
  }

  ctx.people.push(
    ...drafts.map(({ skills: _s, verified: _v, hasCover: _c, ...p }, i): DemoPerson => ({
      ...p,
      avatarUrl: images[i]!.avatarUrl,
    })),
  );
  ctx.featured.push(ctx.people[0]!, ctx.people[1]!);
  ctx.count('people', drafts.length);
}
