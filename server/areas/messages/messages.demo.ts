import { mentionToken } from '@common/core/mentions';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import { conversations, messages } from '../../db/schema/messages';
import type { DemoContext, DemoPerson } from '../../platform/demo';
import { DEMO_LINK_PAGES } from '../link-previews';

/*
 * The demo community's direct messages, written as sendMessage writes them: each message with its
 * sender's and receiver's conversation rows (last message, unread count) and the receiver's
 * "New Message" notice, folded per sender while unread and read when the thread was read. The
 * featured accounts have about ten conversations each, some with unread messages waiting.
 */

const MINUTE = 60_000;

/** A thread: lines said by A (who starts) and B, in order; {a}, {b}, {aCompany}, {bCompany}, {role}. */
type Script = { a?: DemoPerson['kind']; b?: DemoPerson['kind']; lines: string[] };

const SCRIPTS: Script[] = [
  {
    lines: [
      'A: Hi {b}! We have a lot of friends in common here. Coffee sometime?',
      "B: Hey {a}, gladly! I'm free most mornings next week.",
      'A: Tuesday at 9:30?',
      "B: Perfect. I'll send an invite.",
      'B: Great meeting you today. Sending over the intro I mentioned.',
      'A: Thank you, really appreciated 🙏',
    ],
  },
  {
    a: 'founder',
    b: 'investor',
    lines: [
      "A: Hi {b}, thanks for connecting! I'm building {aCompany} and we're raising a seed round. Your focus looks like a great fit.",
      'B: Thanks {a}. Happy to take a look. Can you send me the deck?',
      'A: Here it is: the short version, 12 slides. Happy to walk you through it.',
      'B: Read it on the train. The retention numbers are strong. How did you get your first 50 customers?',
      'A: Mostly founder-led sales. I did around 200 demos myself last year.',
      "B: That's the answer I hoped for. Can we do 30 minutes on Thursday?",
      'A: Thursday works. 2pm?',
      "B: Booked. I'll bring one of my partners.",
    ],
  },
  {
    a: 'founder',
    lines: [
      "A: Hey {b}, are you open to new roles? We're hiring our first {role} at {aCompany}.",
      'B: Hi {a}! Not actively looking, but always happy to hear more.',
      `A: Fair! Small team, remote-friendly, hard problems. We hire the way this playbook says: ${DEMO_LINK_PAGES.hiring.url} Can I send you the job description?`,
      'B: Sure, go ahead.',
      'A: Sent to your email. No pressure at all.',
      "B: Read it. The role looks great. Let's talk next week.",
    ],
  },
  {
    lines: [
      'A: Loved your last post, {b}. The part about pricing hit home.',
      'B: Thank you! It took me three drafts to get it right.',
      'A: Did you ever test annual-only plans?',
      `B: We did. Conversion dropped but churn halved. Worth it for us. This write-up matches what we saw: ${DEMO_LINK_PAGES.pricing.url}`,
      'A: Interesting. Might try that next quarter.',
      'B: Let me know how it goes!',
    ],
  },
  {
    lines: [
      "A: Are you going to the founders' breakfast on Friday?",
      'B: Planning to! Are you speaking?',
      'A: Just a five-minute lightning talk about our first year.',
      "B: Nice, I'll be in the front row 😄",
      'A: Ha, no pressure then.',
      "B: You'll be great. Save me a seat.",
    ],
  },
  {
    lines: [
      'A: Hi {b}, quick favour: do you know anyone who runs procurement at a hospital network?',
      "B: I do, actually. Let me ask if she's open to an intro.",
      'A: That would be amazing, thank you.',
      'B: She said yes! Sending a double opt-in email now.',
      "A: Got it. You're the best.",
    ],
  },
  {
    lines: [
      "A: Hey {b}, I saw you're looking for a technical co-founder. I might know someone.",
      'B: Oh really? Tell me more!',
      'A: Former colleague, backend engineer, just left a scale-up and wants to build something in health.',
      "B: That's exactly the profile. Could you connect us?",
      'A: Will do tonight.',
      'B: Thank you! We have a call booked for Monday.',
    ],
  },
  {
    lines: [
      "A: Long time! How's everything at {bCompany}?",
      'B: Busy but good. We just shipped the new onboarding.',
      'A: Congrats! I saw the launch post.',
      'B: Thanks! How about you, still heads-down on the product?',
      "A: Yes, the beta opens next month. I'll send you an invite.",
      'B: Please do!',
    ],
  },
  {
    lines: [
      'A: Thanks again for the advice last week, {b}. We rewrote our pitch around the problem instead of the product.',
      'B: Glad it helped! How did the next meeting go?',
      'A: Much better. They asked for a second call.',
      "B: That's a great sign. Keep me posted.",
    ],
  },
  {
    a: 'founder',
    lines: [
      'A: Hi {b}, would {bCompany} be interested in piloting {aCompany}? Free for three months.',
      'B: Possibly. What would we need to set up?',
      'A: A one-hour kickoff and a test account, that is all.',
      'B: Sounds manageable. Let me check with my team.',
      "B: We're in! Can we start in two weeks?",
      "A: Absolutely. I'll send an invite for the kickoff.",
    ],
  },
  {
    a: 'investor',
    b: 'founder',
    lines: [
      "A: Hi {b}, I've been following {bCompany} for a while. Would you be open to a chat about your plans for this year?",
      "B: Hi {a}! Sure. We're not raising yet, but happy to talk.",
      'A: No rush at all. I like to get to know founders early.',
      'B: Appreciate that. Next Wednesday afternoon?',
      'A: Works for me. Talk then.',
      'B: Thanks for the time today. The notes on our sales hiring were gold.',
    ],
  },
  {
    lines: [
      'A: Thanks for sharing my post, {b}! It brought in a lot of sign-ups.',
      'B: It was a good one! Happy to help.',
      'A: Next coffee is on me ☕',
    ],
  },
  {
    lines: [
      'A: Quick question: what do you use for bookkeeping?',
      'B: One spreadsheet and a freelance accountant. That is the whole setup.',
      'A: Ha, that sounds refreshingly sane.',
      'B: It is, until you hire your tenth person 😅',
      'A: Noted. Thanks!',
    ],
  },
  {
    lines: [
      "A: Hi {b}, we're organising a panel on fundraising in a tough market. Would you join as a speaker?",
      "B: I'd love to. When is it?",
      'A: The 24th, 6pm, about an hour.',
      "B: I'm in. Send me the details.",
      'A: Done. Thank you!',
    ],
  },
  {
    lines: [
      'A: Did you see the new EU rules on e-invoicing? Wondering how it affects us.',
      "B: Yes, we've been digging in. Short version: most small companies have until 2027.",
      "A: Phew. I'll stop panicking then.",
      'B: I can share our summary doc if useful.',
      'A: Please!',
      `B: Sent. Page two is the bit that matters. This checklist is a good start too: ${DEMO_LINK_PAGES.invoicing.url}`,
    ],
  },
];

const ROLES = ['designer', 'backend engineer', 'salesperson', 'growth marketer', 'customer success lead'];

const fill = (text: string, a: DemoPerson, b: DemoPerson, role: string) =>
  text
    .replaceAll('{a}', a.firstName)
    .replaceAll('{b}', b.firstName)
    .replaceAll('{aCompany}', a.company)
    .replaceAll('{bCompany}', b.company)
    .replaceAll('{role}', role);

type MessageRow = typeof messages.$inferInsert & { id: string; createdAt: Date };

export async function demo(ctx: DemoContext): Promise<void> {
  const { featured } = ctx;
  const rows: MessageRow[] = [];
  const threads: { owner: DemoPerson; partner: DemoPerson; last: MessageRow; unread: number }[] = [];
  const talked = new Set<string>();
  const pairKey = (x: DemoPerson, y: DemoPerson) => (x.id < y.id ? `${x.id}:${y.id}` : `${y.id}:${x.id}`);

  /**
   * One thread between x and y, not before `after`. With `unreadFor`, it ends with messages to that
   * person in the last hours, still unread.
   */
  function thread(x: DemoPerson, y: DemoPerson, after: Date, unreadFor: DemoPerson | null) {
    if (talked.has(pairKey(x, y))) return;
    talked.add(pairKey(x, y));
    const fits = (s: Script, a: DemoPerson, b: DemoPerson) =>
      (!s.a || s.a === a.kind) && (!s.b || s.b === b.kind);
    const options = SCRIPTS.flatMap((s) => [
      ...(fits(s, x, y) ? [{ s, a: x, b: y }] : []),
      ...(fits(s, y, x) ? [{ s, a: y, b: x }] : []),
    ]);
    const { s, a, b } = ctx.pick(options);
    const role = ctx.pick(ROLES);
    let lines = s.lines.map((line) => ({
      from: line.startsWith('A:') ? a : b,
      text: fill(line.slice(3), a, b, role),
    }));
    // A thread waiting for its reader stops at a message to them.
    if (unreadFor) {
      let end = lines.length;
      while (end > 1 && lines[end - 1]!.from === unreadFor) end--;
      if (end < 2) return;
      lines = lines.slice(0, ctx.between(Math.min(end, 3), end));
      while (lines.length && lines.at(-1)!.from === unreadFor) lines.pop();
      if (!lines.length) return;
    } else lines = lines.slice(0, ctx.between(Math.min(3, lines.length), lines.length));

    // Now and then the first message introduces someone else by mentioning them. Nobody is told:
    // the person mentioned cannot read the conversation (the receiver hears of the message itself).
    if (ctx.chance(featured.includes(a) || featured.includes(b) ? 0.3 : 0.1)) {
      const third =
        featured.find((f) => f !== a && f !== b) ?? ctx.pick(ctx.people.filter((p) => p !== a && p !== b));
      lines[0] = {
        ...lines[0]!,
        text: `${lines[0]!.text} By the way, you should meet ${mentionToken({ id: third.id, name: third.fullName })}: they went through the same last year.`,
      };
    }

    // Replies come minutes apart, with now and then a night or a few days between.
    const gaps = lines.map((_, i) =>
      i === 0 ? 0 : ctx.chance(0.25) ? ctx.between(3 * 60, 60 * 60) * MINUTE : ctx.between(1, 25) * MINUTE,
    );
    const span = gaps.reduce((sum, g) => sum + g, 0);
    const latestEnd =
      ctx.now.getTime() - (unreadFor ? ctx.between(5, 9 * 60) : ctx.between(60, 72 * 60)) * MINUTE;
    const earliestStart = after.getTime() + ctx.between(10, 24 * 60) * MINUTE;
    const room = latestEnd - earliestStart;
    if (room <= 0) return;
    const scale = span > room * 0.9 ? (room * 0.9) / span : 1;
    const end = unreadFor
      ? latestEnd
      : ctx.timeBetween(new Date(earliestStart + span * scale), new Date(latestEnd)).getTime();
    let at = end - span * scale;

    const made: MessageRow[] = [];
    lines.forEach((line, i) => {
      at += gaps[i]! * scale;
      const to = line.from === a ? b : a;
      made.push({
        id: ctx.uuid(),
        senderId: line.from.id,
        receiverId: to.id,
        content: line.text,
        clientId: ctx.uuid(),
        createdAt: new Date(Math.round(at)),
        read: true,
      });
    });
    // Read by the receiver soon after, or at their next reply; the unread tail stays unread.
    made.forEach((m, i) => {
      const later = made.slice(i + 1).find((n) => n.senderId === m.receiverId);
      const unreadTail = unreadFor?.id === m.receiverId && !later;
      // Someone else's last message may still wait; the featured accounts' wait only where planned.
      const lastUnanswered =
        !later && i === made.length - 1 && !featured.some((f) => f.id === m.receiverId) && ctx.chance(0.3);
      if (unreadTail || lastUnanswered) {
        m.read = false;
        m.readAt = null;
        return;
      }
      const by = later ? later.createdAt.getTime() : ctx.now.getTime() - MINUTE;
      m.readAt = new Date(Math.min(m.createdAt.getTime() + ctx.between(1, 30) * MINUTE, by));
    });
    rows.push(...made);
    const last = made.at(-1)!;
    for (const [owner, partner] of [
      [a, b],
      [b, a],
    ] as const)
      threads.push({
        owner,
        partner,
        last,
        unread: made.filter((m) => m.receiverId === owner.id && !m.read).length,
      });
    ctx.count('conversations', 1);
  }

  // The featured accounts: threads with ten of their friends, four waiting to be read, and two
  // with people they have not befriended.
  for (const f of featured) {
    const friends = ctx.friendships
      .filter((fr) => fr.a === f || fr.b === f)
      .map((fr) => ({ other: fr.a === f ? fr.b : fr.a, since: fr.since }));
    const chosen = ctx.sample(friends, 10);
    chosen.forEach(({ other, since }, i) => thread(f, other, since, i < 4 ? f : null));
    const strangers = ctx.people.filter(
      (p) => !featured.includes(p) && !friends.some((fr) => fr.other === p),
    );
    for (const other of ctx.sample(strangers, 2))
      thread(f, other, ctx.latest(f.joinedAt, other.joinedAt), ctx.chance(0.5) ? f : null);
  }
  // Everyone else: a thread with almost half of their friends, some unread.
  for (const fr of ctx.friendships) {
    if (featured.includes(fr.a) || featured.includes(fr.b) || !ctx.chance(0.45)) continue;
    thread(fr.a, fr.b, fr.since, ctx.chance(0.2) ? ctx.pick([fr.a, fr.b]) : null);
  }

  for (let i = 0; i < rows.length; i += 500) await ctx.db.insert(messages).values(rows.slice(i, i + 500));
  const conversationRows = threads.map((t) => ({
    ownerId: t.owner.id,
    partnerId: t.partner.id,
    lastMessageId: t.last.id,
    lastMessageAt: t.last.createdAt,
    unreadCount: t.unread,
  }));
  for (let i = 0; i < conversationRows.length; i += 500)
    await ctx.db.insert(conversations).values(conversationRows.slice(i, i + 500));

  const byId = new Map(ctx.people.map((p) => [p.id, p]));
  for (const m of rows) {
    const sender = byId.get(m.senderId)!;
    ctx.notify({
      userId: m.receiverId,
      actorId: m.senderId,
      type: 'message',
      title: NOTIFICATION_TEXT.message.title,
      message: NOTIFICATION_TEXT.message.text(sender.fullName),
      link: `/messages?with=${m.senderId}`,
      relatedId: m.id,
      data: { senderId: m.senderId },
      groupKey: `message:${m.senderId}`,
      at: m.createdAt,
      readAt: m.readAt ?? null,
    });
  }
  ctx.count('messages', rows.length);
}
