import { EVENT_MSG, RSVP_LABELS, type EventType, type GuestStatus } from '@common/events/model';
import { sql } from 'drizzle-orm';
import { eventInvitations, events } from '../../db/schema/events';
import type { DemoContext, DemoPerson } from '../../platform/demo';
import { publishToFeed } from '../feed';

/*
 * The demo community's events: a dozen meetups, workshops and demo days, most in the weeks ahead
 * and a few past, some online, some with a seat limit (one of them full, with a short waitlist).
 * The featured founder organises two and is invited to others; answers notify the organizers as
 * the RSVP service would. Each has a drawn cover, stored as the organizer's upload like a real one:
 * a screen of video tiles on cool colours for an online event, a street of buildings on warm ones
 * for an event in person.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Template = { title: string; description: string; location: string; type: EventType; max: number | null };

const TEMPLATES: Template[] = [
  {
    title: 'Founders breakfast: hiring your first ten',
    description:
      'Coffee, croissants and an honest round-table on early hiring: where to find people, how to pay them, and the mistakes we made.',
    location: 'The Hub, 12 Market Street',
    type: 'in_person',
    max: 12,
  },
  {
    title: 'Pitch practice night',
    description: 'Bring a five-minute pitch; leave with notes from three investors and twenty peers.',
    location: 'Online (link sent to guests)',
    type: 'online',
    max: null,
  },
  {
    title: 'Seed round office hours',
    description: 'Four investors, fifteen-minute slots. Ask anything about terms, timing and valuations.',
    location: 'Online',
    type: 'online',
    max: 8,
  },
  {
    title: 'Health-tech meetup',
    description: 'Clinicians and builders compare notes on what actually gets adopted in practice.',
    location: 'Riverside Co-working, 3rd floor',
    type: 'in_person',
    max: 40,
  },
  {
    title: 'Demo day: spring cohort',
    description: 'Ten teams, five minutes each, then drinks. Open to members and their guests.',
    location: 'City Library auditorium',
    type: 'in_person',
    max: null,
  },
  {
    title: 'Pricing workshop for B2B SaaS',
    description: 'A hands-on session: we rebuild three real pricing pages and test them live.',
    location: 'Online',
    type: 'online',
    max: 30,
  },
  {
    title: 'Climate founders walk',
    description: 'A ten-kilometre walk and talk along the river. Comfortable shoes, no slides.',
    location: 'North bridge, east end',
    type: 'in_person',
    max: null,
  },
  {
    title: 'Legal basics for a new company',
    description: 'Shareholder agreements, option pools and IP assignment, explained by two startup lawyers.',
    location: 'Online',
    type: 'online',
    max: null,
  },
  {
    title: 'Angel investing 101',
    description: 'How to write your first cheque without losing your shirt.',
    location: 'The Hub, 12 Market Street',
    type: 'in_person',
    max: 25,
  },
  {
    title: 'Winter networking evening',
    description: 'Our last get-together of the year: a look back and a few drinks.',
    location: 'Harbour Hall',
    type: 'in_person',
    max: null,
  },
];

/** Colour pairs (background, accent) by event type. */
const COLOURS: Record<EventType, [string, string][]> = {
  online: [
    ['#1e3a8a', '#93c5fd'],
    ['#4c1d95', '#c4b5fd'],
    ['#134e4a', '#5eead4'],
    ['#0c4a6e', '#7dd3fc'],
  ],
  in_person: [
    ['#9a3412', '#fdba74'],
    ['#9f1239', '#fda4af'],
    ['#14532d', '#86efac'],
    ['#78350f', '#fcd34d'],
  ],
};

const W = 1500;
const H = 500;

/** A video call: a dotted backdrop and a screen of two or three by two tiles, a person in each. */
function onlineScene(ctx: DemoContext, [a, b]: [string, string]): string {
  const dots: string[] = [];
  for (let x = 30; x < W; x += 60)
    for (let y = 30; y < H; y += 60)
      dots.push(`<circle cx="${x}" cy="${y}" r="3" fill="${b}" opacity="0.25"/>`);
  const cols = ctx.pick([2, 3]);
  const screen = cols * 236 + 32;
  const left = ctx.between(100, W - screen - 100);
  const tiles = Array.from({ length: cols * 2 }, (_, k) => {
    const x = left + 24 + (k % cols) * 236;
    const y = 84 + Math.floor(k / cols) * 166;
    const cx = x + 110;
    return `<rect x="${x}" y="${y}" width="220" height="150" rx="12" fill="${a}" opacity="${(0.55 + ctx.random() * 0.3).toFixed(2)}"/>
<circle cx="${cx}" cy="${y + 62}" r="28" fill="${b}"/>
<path d="M${cx - 58} ${y + 150} a58 50 0 0 1 116 0 z" fill="${b}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#g)"/>${dots.join('')}
<rect x="${left}" y="60" width="${screen}" height="380" rx="24" fill="#0f172a" opacity="0.55" stroke="${b}" stroke-width="4"/>${tiles}
</svg>`;
}

/** An evening street: a low sun, a row of buildings with lit windows, a few strings of lights. */
function inPersonScene(ctx: DemoContext, [a, b]: [string, string]): string {
  const buildings: string[] = [];
  for (let x = -20; x < W;) {
    const w = ctx.between(90, 190);
    const h = ctx.between(140, 330);
    const y = H - h;
    buildings.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${a}" opacity="0.92"/>`);
    for (let wy = y + 24; wy < H - 40; wy += 44)
      for (let wx = x + 18; wx < x + w - 30; wx += 38)
        if (ctx.chance(0.55))
          buildings.push(
            `<rect x="${wx}" y="${wy}" width="16" height="22" rx="2" fill="${b}" opacity="0.8"/>`,
          );
    x += w + ctx.between(8, 30);
  }
  const sun = `<circle cx="${ctx.between(200, 1300)}" cy="${ctx.between(140, 220)}" r="${ctx.between(70, 110)}" fill="${b}" opacity="0.7"/>`;
  const lights = Array.from({ length: 18 }, (_, k) => {
    const x = 40 + k * 82 + ctx.between(-10, 10);
    const y = 50 + Math.round(30 * Math.sin(k / 2));
    return `<circle cx="${x}" cy="${y}" r="6" fill="#fff" opacity="0.85"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${b}"/><stop offset="1" stop-color="${a}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#g)"/>
<rect width="${W}" height="${H}" fill="#000" opacity="0.15"/>${sun}${lights}${buildings.join('')}
</svg>`;
}

function coverSvg(ctx: DemoContext, type: EventType): string {
  const colours = ctx.pick(COLOURS[type]);
  return type === 'online' ? onlineScene(ctx, colours) : inPersonScene(ctx, colours);
}

export async function demo(ctx: DemoContext): Promise<void> {
  const [founder] = ctx.featured;
  const organizers = [
    founder!,
    ...ctx.sample(
      ctx.people.filter((p) => p !== founder),
      6,
    ),
  ];
  let made = 0;
  for (const [i, t] of TEMPLATES.entries()) {
    const organizer = i < 2 ? founder! : ctx.pick(organizers);
    // Three in the past, the rest spread over the next six weeks at a round hour.
    const days = i >= TEMPLATES.length - 3 ? -ctx.between(3, 40) : ctx.between(2, 42);
    const start = new Date(ctx.now.getTime() + days * DAY);
    start.setUTCHours(ctx.pick([8, 9, 16, 17, 18]), ctx.pick([0, 30]), 0, 0);
    const createdAt = ctx.timeBetween(ctx.daysAgo(50), ctx.daysAgo(1));
    const id = ctx.uuid();
    const full = i === 0;
    const guests = ctx.sample(
      ctx.people.filter((p) => p !== organizer),
      full ? (t.max ?? 0) + 3 : ctx.between(3, Math.min(t.max ?? 30, 30)),
    );
    const rows: { person: DemoPerson; status: GuestStatus }[] = [];
    // The organizer counts as going: their seat is the first.
    let going = 1;
    let maybe = 0;
    for (const person of guests) {
      let status: GuestStatus = ctx.pick(['accepted', 'accepted', 'maybe', 'declined', 'pending'] as const);
      if (full) status = 'accepted';
      if (status === 'accepted' && t.max !== null && going >= t.max) status = 'waitlisted';
      if (status === 'accepted') going += 1;
      if (status === 'maybe') maybe += 1;
      rows.push({ person, status });
    }
    const cover = await ctx.storeImage(coverSvg(ctx, t.type), W, 'cover', organizer.id);
    await ctx.db.insert(events).values({
      id,
      creatorId: organizer.id,
      title: t.title,
      description: t.description,
      startsAt: start,
      // A two-hour evening; online ones carry their meeting link.
      endsAt: new Date(start.getTime() + 2 * HOUR),
      meetingUrl: t.type === 'online' ? `https://meet.example.com/${id.slice(0, 8)}` : null,
      location: t.location,
      type: t.type,
      coverPhotoUrl: cover,
      maxAttendees: t.max,
      goingCount: going,
      maybeCount: maybe,
      createdAt,
      updatedAt: createdAt,
    });
    await ctx.db.insert(eventInvitations).values({
      eventId: id,
      inviteeId: organizer.id,
      status: 'accepted',
      respondedAt: createdAt,
      changedAt: createdAt,
      createdAt,
    });
    if (rows.length)
      await ctx.db.insert(eventInvitations).values(
        rows.map(({ person, status }, k) => {
          const at = new Date(Math.min(createdAt.getTime() + (k + 1) * HOUR, ctx.now.getTime() - HOUR));
          return {
            eventId: id,
            inviteeId: person.id,
            // Every other answer came from an invitation ('Total Invited' counts those).
            inviterId: status === 'pending' || k % 2 === 0 ? organizer.id : null,
            status,
            respondedAt: status === 'pending' ? null : at,
            changedAt: at,
            createdAt: at,
          };
        }),
      );
    for (const { person, status } of rows) {
      if (status === 'pending') {
        ctx.notify({
          userId: person.id,
          actorId: organizer.id,
          type: 'event_invitation',
          title: EVENT_MSG.invitationTitle,
          message: EVENT_MSG.invitationMessage(organizer.fullName, t.title),
          link: `/events/${id}`,
          relatedId: id,
          data: {},
          groupKey: null,
          at: createdAt,
          readAt: null,
        });
      } else if (ctx.featured.includes(organizer)) {
        ctx.notify({
          userId: organizer.id,
          actorId: person.id,
          type: 'event_rsvp',
          title: EVENT_MSG.rsvpTitle,
          message: EVENT_MSG.rsvpMessage(person.fullName, RSVP_LABELS[status], t.title),
          link: `/events/${id}`,
          relatedId: id,
          data: {},
          groupKey: null,
          at: createdAt,
          readAt: createdAt,
        });
      }
    }
    ctx.schedule(createdAt, async () => {
      const { id: itemId } = await publishToFeed(ctx, {
        kind: 'event',
        contentId: id,
        userId: organizer.id,
        title: t.title,
        description: t.description,
        imageUrl: cover,
        link: `/events/${id}`,
      });
      await ctx.db.execute(
        sql`update feed_items set created_at = ${createdAt.toISOString()}::timestamptz where id = ${itemId}::bigint`,
      );
      ctx.count('feed items', 1);
    });
    made += 1;
  }
  ctx.count('events', made);
}
