import { ARTICLE_REPORT_TARGET, type ArticleCategory } from '@common/articles/model';
import { MENTION_MSG, mentionToken } from '@common/core/mentions';
import { NOTIFICATION_TEXT, quoteTitle } from '@common/notifications/model';
import type { ReactionType } from '@common/reactions/model';
import { sql } from 'drizzle-orm';
import { articles } from '../../db/schema/articles';
import { comments, reactions } from '../../db/schema/engagement';
import type { DemoContext, DemoPerson } from '../../platform/demo';
import { publishToFeed } from '../feed';
import { summaryOf } from './articles.service';

/*
 * The demo community's articles: published ones spread over the weeks (each on the feed at its
 * publishing time), three drafts of the featured founder's, featured images drawn like uploads,
 * and on each article the reactions and comments (one level of replies) people left, with the
 * notices the reactions and comments services send the author and the person replied to.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Template = {
  title: string;
  category: ArticleCategory;
  /** The first paragraph: what the card's excerpt shows. */
  lead: string;
  points: string[];
  close: string;
  /** Headings of the two sections (else picked from the category's). */
  headings?: [string, string];
};

/** The featured founder's own published articles, then her drafts. */
const FOUNDER_ARTICLES: Template[] = [
  {
    title: 'What 200 demos taught me about selling to clinics',
    category: 'business',
    lead: 'Last year I ran about two hundred demos of Loomwork myself, most of them with practice managers who had ten minutes between patients. Here is what changed in how we sell, and what I would tell any founder selling into healthcare.',
    points: [
      'Show the payslip, not the dashboard: managers care about the Friday they get back.',
      'Book demos for 20 minutes. Nobody in a clinic has an hour.',
      'Bring a migration plan to the first call; switching cost is the real objection.',
      'The person who signs is rarely the person who uses it. Meet both.',
    ],
    close:
      'We still get plenty of no. But the no comes faster, and a fast no is a gift when your runway is measured in months.',
    headings: ['What changed', 'Where we are now'],
  },
  {
    title: 'Our seed deck, annotated',
    category: 'business',
    lead: 'We are raising our seed round, and founders keep asking to see the deck. So here it is, slide by slide, with notes on what investors asked about and what I would change next time.',
    points: [
      'The problem slide has one number on it. One.',
      'We show retention before revenue: it is the stronger story at our stage.',
      'The team slide says why us, not where we studied.',
      'The ask is specific: how much, for how long, to reach which milestone.',
    ],
    close: 'If you are raising too, send me your deck. Happy to trade notes.',
  },
  {
    title: 'Hiring our first designer: the job post we almost published',
    category: 'business',
    lead: 'Our first job post for a designer was 1,400 words long and asked for nine years of experience in a field that is eight years old. Here is how we rewrote it, and why the second version got four times the applications.',
    points: [
      'Lead with the problem the person will own, not the perks.',
      'Cut every requirement you would waive for the right person.',
      'Say the salary range. Everyone asks anyway.',
    ],
    close: 'We hired someone wonderful. The post that found her was 300 words.',
  },
];

const FOUNDER_DRAFTS: Template[] = [
  {
    title: 'Payroll is a trust problem',
    category: 'business',
    lead: 'Nobody thinks about payroll until it is wrong, and then it is the only thing anyone thinks about. Notes for a longer piece on why trust, not features, wins this market.',
    points: [
      'Every error costs more trust than ten features earn.',
      'TODO: the story of our first failed run.',
    ],
    close: 'Draft: needs a stronger ending.',
  },
  {
    title: 'How we run our weekly planning in 30 minutes',
    category: 'lifestyle',
    lead: 'Monday mornings used to take two hours. Now our planning takes thirty minutes, and it ends with everyone knowing the one thing they will ship this week.',
    points: ['One document, written before the meeting.', 'Decisions only; discussions go async.'],
    close: 'To do: add the template we use.',
  },
  {
    title: 'Notes from our first board meeting',
    category: 'business',
    lead: 'We had our first board meeting last month. Here are my raw notes: what I prepared, what surprised me, what the board actually cared about and what I would do differently.',
    points: ['Send the deck three days before.', 'Ask for help on one concrete problem.'],
    close: 'Still editing this one.',
  },
];

const INVESTOR_ARTICLES: Template[] = [
  {
    title: 'What I look for in a pre-seed founder',
    category: 'business',
    lead: 'At pre-seed there is no data to diligence, so I am mostly betting on a person. After six years of writing first cheques, these are the signals I trust and the ones I have learned to ignore.',
    points: [
      'Speed of learning: what did you believe three months ago that you no longer do?',
      'Customer obsession you can hear in the details of your stories.',
      'Clarity about why now, not only why this.',
      'I ignore polish. A scrappy deck with real insight beats a beautiful one without.',
    ],
    close: 'If that sounds like you, my inbox is open. Really.',
    headings: ['The signals I trust', 'What I ignore'],
  },
];

const TEMPLATES: Template[] = [
  {
    title: 'Why we moved our whole stack to PostgreSQL',
    category: 'tech',
    lead: 'We ran four databases at twelve people: a document store, a search engine, a queue and PostgreSQL. This spring we moved everything into PostgreSQL. Our bill fell by half, and so did our pager alerts.',
    points: [
      'Full-text search with a GIN index covered 95% of what we used the search engine for.',
      'A jobs table with SKIP LOCKED replaced the queue.',
      'JSONB columns absorbed the documents that never needed their own store.',
    ],
    close: 'Boring technology is a feature. Spend your novelty budget on the product.',
  },
  {
    title: 'The one-page strategy document',
    category: 'business',
    lead: 'Every quarter we write our strategy on a single page. If it does not fit, we have not decided yet. Here is the template and the questions that make it work.',
    points: [
      'Where are we now, in numbers?',
      'What is the one bet for this quarter?',
      'What will we deliberately not do?',
      'How will we know by week six if it is working?',
    ],
    close: 'The page is short. The arguments that produce it are long, and that is the point.',
  },
  {
    title: 'Pricing lessons from our first 100 customers',
    category: 'business',
    lead: 'We changed our pricing four times before our hundredth customer. Each change taught us something about who buys, why, and what they are really paying for.',
    points: [
      'Charge from day one. Free pilots teach you almost nothing.',
      'Annual plans cut churn in half for us, at the cost of a slower sale.',
      'Price on the value metric your customer already counts.',
    ],
    close: 'We will change it again. Pricing is a product, and products ship in versions.',
  },
  {
    title: 'Remote, but not distant: rituals that keep our team close',
    category: 'lifestyle',
    lead: 'We are eleven people in seven time zones. We have never all been in one room, yet the team feels close, closer than some offices I have worked in. These small rituals do most of the work.',
    points: [
      'A written Monday note from everyone: what I did, what I will do, how I feel.',
      'Demo Friday: ten minutes, anything goes, cameras on.',
      'A travel budget for two people to meet each quarter, chosen by lottery.',
    ],
    close: 'Culture is what you repeat. Pick small things and repeat them.',
  },
  {
    title: 'How we cut our AWS bill by 60% in a month',
    category: 'tech',
    lead: 'Our cloud bill grew faster than our revenue for three quarters in a row. In one focused month we cut it by 60% without touching a single feature or slowing the product down.',
    points: [
      'Turn off what nobody owns: we found eleven forgotten staging environments.',
      'Reserved instances for the steady baseline, spot for batch jobs.',
      'Move logs older than a week to cold storage.',
      'Put the monthly bill in the team channel. Visibility changed behaviour.',
    ],
    close: 'Cost is an engineering metric. Treat it like latency.',
  },
  {
    title: 'The founder burnout nobody talks about',
    category: 'lifestyle',
    lead: 'I did not burn out from working too hard. I burned out from carrying every decision alone. It took me a year to notice, and another year and a lot of help to fix it.',
    points: [
      'Find two founders one stage ahead of you and meet them monthly.',
      'Write down decisions you are avoiding; the list is usually short and heavy.',
      'Take real weekends. The company survives; I promise.',
    ],
    close: 'If this sounds familiar, message me. Talking about it helped more than anything.',
  },
  {
    title: 'A practical guide to SAFE notes for first-time founders',
    category: 'business',
    lead: 'Most first-time founders sign their first SAFE without fully understanding it. Here is a plain-language walk through caps, discounts and what dilution really looks like at your Series A.',
    points: [
      'The valuation cap is a ceiling, not a valuation.',
      'Post-money SAFEs make your dilution easy to compute. Do the maths before signing.',
      'Stacking many SAFEs adds up faster than you think.',
    ],
    close: 'Model your cap table in a spreadsheet before every raise. Your future self will thank you.',
  },
  {
    title: 'Shipping weekly with a team of four',
    category: 'tech',
    lead: 'For eighteen months our four-person team has shipped something to customers every single week. Not because we are fast, but because we keep every change small.',
    points: [
      'Feature flags for everything longer than two days.',
      'One deploy command, under five minutes, run by anyone.',
      'A changelog customers read, written as we merge.',
    ],
    close: 'Small batches are less risky and more fun. Try it for a month.',
  },
  {
    title: 'What I learned interviewing 50 farmers',
    category: 'business',
    lead: 'Before writing any code for Harvest Grid we spent two months on farms. Fifty interviews later, the product we planned was gone and a much better one took its place.',
    points: [
      'Farmers do not want an app. They want a phone call that turns into a sale.',
      'Surplus is a logistics problem far more than a marketplace problem.',
      'Trust travels through cooperatives, not ads.',
    ],
    close: 'Go where your customers are. Literally, if you can.',
  },
  {
    title: 'The morning routine that saved my focus',
    category: 'lifestyle',
    lead: 'For two years my day began with Slack and ended with Slack. Now the first ninety minutes are for one task, no messages, and my output has roughly doubled.',
    points: [
      'Notifications off until 10am, announced to the team.',
      'The night before, I write the one thing for tomorrow morning.',
      'A walk before the laptop opens.',
    ],
    close: 'It is not about waking at 5am. It is about protecting the first good hours.',
  },
  {
    title: 'Building an accessible design system from day one',
    category: 'tech',
    lead: 'Accessibility is much cheaper to build in than to bolt on. Here is how we set up our design system so that every new screen starts accessible by default.',
    points: [
      'Colour tokens checked for contrast in CI.',
      'Components that cannot be used without a label.',
      'Keyboard testing in every design review.',
    ],
    close: 'Your users with disabilities are not an edge case. They are your users.',
  },
  {
    title: 'Fundraising in a tough market: notes from 40 investor meetings',
    category: 'business',
    lead: 'We closed our round after forty investor meetings, twenty-nine polite no answers and one very long spreadsheet. These notes are for the founders raising right now.',
    points: [
      'Run the process in a tight window: momentum is real.',
      'Every no is data. Ask why, and write it down.',
      'Know your walk-away terms before the first meeting.',
    ],
    close: 'It is a numbers game until it suddenly is not. Keep going.',
  },
  {
    title: 'How we onboard engineers in their first week',
    category: 'tech',
    lead: 'A new engineer at our company ships to production on day two. Not as a test of courage, but because we designed the first week around a small, real change.',
    points: [
      'The laptop arrives set up, with access to everything on day one.',
      'A buddy who is not their manager.',
      'A starter issue chosen the week before, small and visible.',
    ],
    close: 'The first week sets the pace for the first year.',
  },
  {
    title: 'Climate tech is not one market',
    category: 'business',
    lead: 'Investors talk about climate tech as if it were one sector. It is dozens, with very different sales cycles, capital needs and buyers. Founders should pitch accordingly.',
    points: [
      'Software for emissions reporting sells like SaaS.',
      'Hardware for the grid sells like infrastructure: slowly, and with pilots.',
      'Consumer climate products live and die by unit economics.',
    ],
    close: 'Know which climate market you are in, and find investors who know it too.',
  },
  {
    title: 'Working from Lisbon for a year: an honest review',
    category: 'lifestyle',
    lead: 'A year ago I moved to Lisbon with a laptop and a startup. The light is as good as everyone says. The rest is more complicated, and far more interesting than the blog posts told me.',
    points: [
      'Community matters more than the coworking space.',
      'Time zones: great for Europe, hard for the US West Coast.',
      'Learn the language. Even badly. Especially badly.',
    ],
    close: 'I am staying. But I would do the first three months differently.',
  },
  {
    title: 'Product analytics without the creepiness',
    category: 'tech',
    lead: 'You can understand how people use your product without following them around the web. We rebuilt our analytics to be privacy-first, and learned more than before.',
    points: [
      'Count events, not people, wherever you can.',
      'Keep raw data for 30 days, aggregates forever.',
      'Ask users. Five interviews beat five dashboards.',
    ],
    close: 'Privacy is a product decision, and a competitive advantage.',
  },
  {
    title: 'The first ten hires: what I got right and wrong',
    category: 'business',
    lead: 'Our first ten hires shaped the company more than any strategy document. Looking back, I got six right, two lucky and two wrong. Here is what separated them.',
    points: [
      'Hire for the problems of the next 12 months, not the next 5 years.',
      'Reference calls are the most underrated hour in hiring.',
      'When in doubt, it is a no. Every time I ignored that, I regretted it.',
    ],
    close: 'Hiring is the job. Everything else is a distraction from it.',
  },
  {
    title: 'Running a meetup that people actually come back to',
    category: 'lifestyle',
    lead: 'Our monthly founders meetup started with eight people in a kitchen. Two years later it has a waiting list every month. The format matters far more than the venue.',
    points: [
      'Small groups of six, with a question to start.',
      'One short talk, never a panel.',
      'End on time. People come back to things that respect their evenings.',
    ],
    close: 'Next one is in two weeks. Message me if you want to come.',
  },
  {
    title: 'Type-safe APIs end to end, without code generation',
    category: 'tech',
    lead: 'We share one set of schemas between our server and our web app. The types flow from the route definitions to the forms, and a whole class of bugs simply disappeared.',
    points: [
      'Validate at the edge with the same schema the form uses.',
      'Export the API type from the server; import it in the client.',
      'Treat a type error in CI as a failed test.',
    ],
    close: 'Less glue code, fewer surprises, faster reviews.',
  },
  {
    title: 'Selling to enterprises as a five-person startup',
    category: 'business',
    lead: 'Our first enterprise contract took nine months and a security questionnaire with 340 questions. We won it anyway. Here is how a tiny team can sell to a very large company.',
    points: [
      'Find a champion with a budget and a problem this quarter.',
      'Prepare the security answers before anyone asks.',
      'Start with a paid pilot that has clear success criteria.',
    ],
    close: 'It is slow, but one good enterprise customer can carry a startup for a year.',
  },
  {
    title: 'Why I stopped using productivity apps',
    category: 'lifestyle',
    lead: 'I tried every to-do app, every note system and every calendar trick. Now I use a paper notebook and one shared calendar, and I get more done than I ever did with all of them.',
    points: [
      'A list you can finish beats a system you maintain.',
      'Paper makes you choose: you cannot copy-paste a task forward forever.',
      'The calendar is for commitments, not wishes.',
    ],
    close: 'Productivity is mostly deciding what not to do.',
  },
  {
    title: 'Lessons from our first security incident',
    category: 'tech',
    lead: 'Last month someone found an exposed staging server with real customer data on it. Nobody was harmed, but we learned more in those 48 hours than in a year of audits.',
    points: [
      'Write the incident timeline while it happens, not after.',
      'Tell customers early and plainly.',
      'Staging gets synthetic data only. No exceptions.',
    ],
    close: 'Blameless reviews work. Ours produced nine fixes and zero finger-pointing.',
  },
  {
    title: 'From consultant to founder: the skills that transferred',
    category: 'business',
    lead: 'I spent seven years in management consulting before starting a company. Some of it helped enormously from the very first week. Some of it I had to unlearn, and fast.',
    points: [
      'Structured thinking: still useful every day.',
      'Perfect slides: useless. Ship the ugly version.',
      'Client management turned out to be great training for fundraising.',
    ],
    close: 'Your background is an advantage, as long as you notice which parts to leave behind.',
  },
  {
    title: 'Designing for slow internet',
    category: 'tech',
    lead: 'Half of our users open the app on a 3G connection. Designing for them first made the product faster and calmer for everyone, including the people on fibre in a city office.',
    points: [
      'A budget of 100 KB for the first screen.',
      'Show cached data first, then refresh.',
      'Test on a cheap phone, not the newest one.',
    ],
    close: 'Speed is a feature every user notices, even when they cannot name it.',
  },
  {
    title: 'Angel investing with small cheques',
    category: 'business',
    lead: 'You do not need to be rich to be a useful angel. I started with cheques of a few thousand euros, and what founders valued most from me was never the money.',
    points: [
      'Invest in fields where you can help with more than capital.',
      'Expect to lose most of it, and size cheques accordingly.',
      'Answer founder emails within a day. It is a rare skill.',
    ],
    close: 'Start small, learn fast, be kind.',
  },
  {
    title: 'Saying no to customers',
    category: 'business',
    lead: 'Early on we said yes to every feature request. Our product became a pile of exceptions. Learning to say no, kindly and with reasons, saved the company.',
    points: [
      'Ask what problem the request solves. The answer is often already in the product.',
      'Keep a public list of what we will not build, and why.',
      'Say no quickly. A slow maybe is worse than a clear no.',
    ],
    close: 'Focus is saying no to good ideas, not only bad ones.',
  },
  {
    title: 'Parenting and founding: a year in',
    category: 'lifestyle',
    lead: 'My daughter was born three months after we raised our seed round. People warned me it was impossible. It is not. It is just a different kind of company, and a different kind of founder.',
    points: [
      'Fixed hours made me ruthless about priorities.',
      'My co-founder and I wrote down who covers what, before we needed it.',
      'The team followed our example: more people now leave at six.',
    ],
    close: 'It is hard. It is also the best thing that happened to how I lead.',
  },
  {
    title: 'Migrating a monolith without a rewrite',
    category: 'tech',
    lead: 'Everyone wanted to rewrite our seven-year-old monolith. Instead we carved it into modules, one boundary at a time, while shipping features every week.',
    points: [
      'Draw the boundaries first, in code, with a lint rule.',
      'Move one area at a time behind a clear interface.',
      'Never stop shipping: the migration lives inside normal work.',
    ],
    close: 'Rewrites are tempting. Boundaries are cheaper.',
  },
  {
    title: 'The case for writing things down',
    category: 'lifestyle',
    lead: 'Our company runs on writing: decisions, proposals, even weekly feelings. It felt slow at first. Now it is the reason we can work across seven time zones without losing our minds.',
    points: [
      'A decision without a written record will be made again.',
      'Writing forces clarity that meetings let you skip.',
      'New hires read their way into the company in a week.',
    ],
    close: 'Start with one document: why you made your last big decision.',
  },

  {
    title: 'Customer interviews that are not sales calls',
    category: 'business',
    lead: 'Most customer interviews I sit in on are sales calls in disguise: the founder pitches, the customer nods, and nobody learns anything. A few simple rules turn them back into research you can use.',
    points: [
      'Ask about the last time the problem happened, not about the future.',
      'Never show the product in the first conversation.',
      'Count the workarounds. Painful problems have ugly workarounds.',
    ],
    close: 'You know it worked when you leave with a list of surprises, not compliments.',
  },
  {
    title: 'On-call that does not burn people out',
    category: 'tech',
    lead: 'Our first on-call rotation lasted three months before two engineers asked to leave it. We rebuilt it around one idea: a page should be rare, urgent and actionable, or it should not wake anyone up.',
    points: [
      'Every alert has an owner and a written first step.',
      'A noisy alert is a bug, fixed in the same week.',
      'The person on call does no feature work that week.',
    ],
    close: 'Pages dropped from forty a week to three. Nobody has asked to leave the rotation since.',
  },
  {
    title: 'What a fractional CFO does for a seed-stage startup',
    category: 'business',
    lead: 'Founders often ask me whether they need a CFO before their Series A. Usually not a full-time one. But a few hours a month at the right moments can save a company, and here is what those hours cover.',
    points: [
      'A model of runway that the whole team understands.',
      'Board reporting that takes an afternoon, not a week.',
      'A fundraising data room ready before you need it.',
    ],
    close: 'If your runway lives in your head, it is time to write it down with someone.',
  },
  {
    title: 'How I learned to take real holidays as a founder',
    category: 'lifestyle',
    lead: 'For three years I took my laptop on every holiday and told myself it was fine. Last summer I took two weeks completely offline. The company did better than when I was there, which taught me something.',
    points: [
      'Announce it a month ahead and name who decides what.',
      'Leave a short list of things that may wait, and say so.',
      'Delete the email app from your phone. Seriously.',
    ],
    close: 'A founder who never leaves builds a company that cannot run without them.',
  },
  {
    title: 'Search that feels instant on a small budget',
    category: 'tech',
    lead: 'We wanted search that answers as you type, with typos forgiven, and we did not want another service to run. PostgreSQL trigram indexes and a little care with queries got us there for free.',
    points: [
      'A trigram index on a lower-cased name column handles typos well.',
      'Short queries need a prefix index: trigrams need three letters.',
      'Rank exact and prefix matches first; fuzzy ones after.',
    ],
    close: 'Most teams add a search engine too early. Measure before you do.',
  },
  {
    title: 'The investor update template we send every month',
    category: 'business',
    lead: 'We send a short update to our investors and advisers on the first Monday of every month, good month or bad. It takes me an hour to write, and it has brought us intros, hires and one bridge round.',
    points: [
      'Three numbers, always the same three, with last month beside them.',
      'Wins and losses, in equal measure and plain words.',
      'One specific ask at the end. People love to help with something concrete.',
    ],
    close: 'Consistency matters more than good news. Send it anyway.',
  },
];

const HEADINGS: Record<ArticleCategory, [string, string][]> = {
  tech: [
    ['What we did', 'What we would do differently'],
    ['The approach', 'Results so far'],
    ['How it works', 'Trade-offs'],
  ],
  business: [
    ['What worked', 'The takeaway'],
    ['The lessons', 'What comes next'],
    ['In practice', 'Looking back'],
  ],
  lifestyle: [
    ['What helped', 'A year later'],
    ['What I changed', 'Why it stuck'],
  ],
};

const MIDDLES: Record<ArticleCategory, string[]> = {
  tech: [
    'None of this was new technology. It was a series of small, unglamorous changes, each reviewed by the whole team and shipped behind a flag. The hardest part was agreeing on what **done** meant.',
    'We measured before and after every change. Without numbers, every discussion becomes an opinion contest; with them, most decisions made themselves.',
    'We wrote a short decision record for each step, so the next person would know *why* things are the way they are, and would not undo them by accident.',
  ],
  business: [
    'None of this came from a playbook. It came from talking to customers every week and writing down what surprised us. The surprises are where the real lessons were.',
    'We tracked everything in a shared document that anyone on the team could edit. It kept us honest, and it made the patterns visible far earlier than our memories would have.',
    'The numbers matter, but the stories behind them matter more. Every metric on our dashboard has a customer conversation attached to it.',
  ],
  lifestyle: [
    'It did not happen overnight. The first month was awkward, the second a little better, and somewhere in the third month it stopped being a rule and became a habit.',
    'I asked a few friends in the community what worked for them, and stole shamelessly. The best ideas were the simplest ones.',
  ],
};

const COMMENTS = [
  'Great piece, thanks for sharing!',
  'This matches our experience almost exactly.',
  'Saving this for my team.',
  'The point about small batches is so underrated.',
  'Would love a follow-up with the numbers.',
  'We tried something similar last year. It worked, but it took longer than expected.',
  'Thank you for writing this so clearly.',
  'Bookmarked. This is the article I needed this week.',
  'Interesting take. I am not sure it works at a larger scale, though.',
  'How long did it take before you saw results?',
  'Sharing this with a founder friend who needs it.',
  'The part about writing decisions down is gold.',
  'Honest and useful. More of this, please.',
  'Did you run into any pushback from the team?',
  'I disagree on one point: at our stage, speed mattered more than process. But great read.',
  'This is why I love this community.',
];

const REPLIES = [
  'Thanks! Glad it was useful.',
  'Good question: about two months before it felt natural.',
  'Some, at first. It faded once people saw the results.',
  'Fair point. We are small, so it might not transfer.',
  'Happy to share more details, send me a message.',
  'Same here! Great to hear it worked for you too.',
  'I will write a follow-up with the numbers soon.',
  'Agreed, it took us longer than I wrote, honestly.',
];

/** A banner of overlapping shapes in one of the category's palettes. */
function bannerSvg(ctx: DemoContext, category: ArticleCategory): string {
  const palettes: Record<ArticleCategory, string[][]> = {
    tech: [
      ['#0f172a', '#1e3a8a', '#38bdf8', '#818cf8'],
      ['#111827', '#312e81', '#22d3ee', '#a78bfa'],
    ],
    business: [
      ['#064e3b', '#0f766e', '#fbbf24', '#34d399'],
      ['#1f2937', '#7c2d12', '#fb923c', '#fde68a'],
    ],
    lifestyle: [
      ['#fdf2f8', '#fbcfe8', '#f472b6', '#fb923c'],
      ['#ecfeff', '#a5f3fc', '#14b8a6', '#f59e0b'],
    ],
  };
  const [bg1, bg2, c1, c2] = ctx.pick(palettes[category]) as [string, string, string, string];
  const shapes = Array.from({ length: ctx.between(5, 8) }, () => {
    const color = ctx.pick([c1, c2]);
    const opacity = (0.25 + ctx.random() * 0.5).toFixed(2);
    const x = ctx.between(0, 1200);
    const y = ctx.between(0, 630);
    if (ctx.chance(0.5))
      return `<circle cx="${x}" cy="${y}" r="${ctx.between(40, 220)}" fill="${color}" fill-opacity="${opacity}"/>`;
    const w = ctx.between(120, 420);
    return `<rect x="${x}" y="${y}" width="${w}" height="${ctx.between(60, 300)}" rx="${ctx.between(0, 40)}" transform="rotate(${ctx.between(-30, 30)} ${x} ${y})" fill="${color}" fill-opacity="${opacity}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>${shapes}
</svg>`;
}

function markdownOf(ctx: DemoContext, t: Template): string {
  const [h1, h2] = t.headings ?? ctx.pick(HEADINGS[t.category]);
  return [
    t.lead,
    `## ${h1}`,
    ctx.pick(MIDDLES[t.category]),
    t.points.map((p) => `- ${p}`).join('\n'),
    `## ${h2}`,
    t.close,
  ].join('\n\n');
}

type Planned = {
  id: string;
  author: DemoPerson;
  template: Template;
  status: 'published' | 'draft';
  at: Date;
  withImage: boolean;
};

export async function demo(ctx: DemoContext): Promise<void> {
  const [founder, investor] = ctx.featured as [DemoPerson, DemoPerson];
  // Writers who have been around for a few days at least.
  const writers = ctx.sample(
    ctx.people.filter((p) => !ctx.featured.includes(p) && p.joinedAt < ctx.daysAgo(4)),
    22,
  );
  const planned: Planned[] = [];
  const plan = (author: DemoPerson, template: Template, status: Planned['status'], at: Date) =>
    planned.push({ id: ctx.uuid(), author, template, status, at, withImage: ctx.chance(0.65) });
  // Some days after the author joined, more of them lately as the community warms up.
  const after = (p: DemoPerson) => {
    const from = p.joinedAt.getTime() + DAY;
    const to = ctx.now.getTime() - 2 * HOUR;
    return new Date(from + (to - from) * Math.pow(ctx.random(), 0.6));
  };

  FOUNDER_ARTICLES.forEach((t, i) =>
    plan(founder, t, 'published', ctx.daysAgo(30 - i * 11 + ctx.random() * 3)),
  );
  FOUNDER_DRAFTS.forEach((t) => plan(founder, t, 'draft', ctx.daysAgo(ctx.random() * 6)));
  for (const t of INVESTOR_ARTICLES) plan(investor, t, 'published', ctx.daysAgo(18 + ctx.random() * 4));
  TEMPLATES.forEach((t, i) => {
    const author = writers[i % writers.length]!;
    plan(author, t, 'published', after(author));
  });

  // Featured images, drawn in parallel once their designs are fixed.
  const designs = planned.map((a) => (a.withImage ? bannerSvg(ctx, a.template.category) : null));
  const images = await Promise.all(
    planned.map(async (a, i) => {
      const svg = designs[i];
      if (!svg) return null;
      return ctx.storeImage(svg, 1200, 'content', a.author.id);
    }),
  );

  // Some published articles thank someone who read a draft: the investor always thanks the
  // founder, about one writer in four one of the featured two. Each thanked person is told.
  const thanks = new Map<string, DemoPerson>();
  for (const a of planned) {
    if (a.status !== 'published' || a.author === founder) continue;
    if (a.author === investor) thanks.set(a.id, founder);
    else if (ctx.chance(0.25)) thanks.set(a.id, ctx.pick([founder, investor]));
  }
  const rows = planned.map((a, i) => {
    const thanked = thanks.get(a.id);
    const content =
      markdownOf(ctx, a.template) +
      (thanked
        ? `\n\nThanks to ${mentionToken({ id: thanked.id, name: thanked.fullName })} for reading a draft of this.`
        : '');
    const published = a.status === 'published';
    return {
      id: a.id,
      authorId: a.author.id,
      title: a.template.title,
      content,
      ...summaryOf(content),
      category: a.template.category,
      imageUrl: images[i] ?? null,
      status: a.status,
      publishedAt: published ? a.at : null,
      createdAt: new Date(a.at.getTime() - (published ? ctx.between(1, 72) * HOUR : 0)),
      updatedAt: a.at,
    };
  });
  await ctx.db.insert(articles).values(rows);

  for (const row of rows) {
    if (row.status !== 'published') continue;
    const at = row.publishedAt!;
    // On the feed at its publishing time, in time order with the other parts' items.
    ctx.schedule(at, async () => {
      const { id } = await publishToFeed(ctx, {
        kind: 'article',
        contentId: row.id,
        userId: row.authorId,
        title: row.title,
        description: row.excerpt,
        imageUrl: row.imageUrl,
        link: `/articles/${row.id}`,
      });
      await ctx.db.execute(
        sql`update feed_items set created_at = ${at.toISOString()}::timestamptz where id = ${id}::bigint`,
      );
      ctx.count('feed items', 1);
    });
    const author = planned.find((a) => a.id === row.id)!.author;
    const thanked = thanks.get(row.id);
    if (thanked)
      ctx.notify({
        userId: thanked.id,
        actorId: author.id,
        type: 'mention',
        title: MENTION_MSG.notificationTitle,
        message: MENTION_MSG.notificationText(
          author.fullName,
          ARTICLE_REPORT_TARGET.label,
          quoteTitle(row.title),
        ),
        link: `/articles/${row.id}`,
        relatedId: row.id,
        data: { contentKind: ARTICLE_REPORT_TARGET.type, contentId: row.id, from_user_id: author.id },
        groupKey: null,
        at,
        readAt: ctx.chance(0.5) ? at : null,
      });
    await engage(ctx, {
      id: row.id,
      title: row.title,
      author,
      publishedAt: at,
      featured: ctx.featured.includes(author),
    });
  }
  ctx.count('articles', rows.filter((r) => r.status === 'published').length);
  ctx.count('drafts', rows.filter((r) => r.status === 'draft').length);
}

/** Reactions and comments on one published article, and the notices they send. */
async function engage(
  ctx: DemoContext,
  article: { id: string; title: string; author: DemoPerson; publishedAt: Date; featured: boolean },
) {
  const ref = { contentType: 'article' as const, contentId: article.id };
  const link = `/articles/${article.id}`;
  const readers = ctx.people.filter((p) => p !== article.author);
  const unreadIfRecent = (to: DemoPerson, at: Date) =>
    ctx.now.getTime() - at.getTime() < 3 * DAY && (ctx.featured.includes(to) || ctx.chance(0.5))
      ? null
      : new Date(Math.min(at.getTime() + ctx.between(1, 12) * HOUR, ctx.now.getTime() - MINUTE));
  /** A moment within some days after `from` (and after `p` joined), always before now. */
  const momentAfter = (p: DemoPerson, from: Date, withinDays: number) => {
    const start = Math.min(ctx.latest(from, p.joinedAt).getTime(), ctx.now.getTime() - 2 * MINUTE);
    const end = Math.min(start + withinDays * DAY, ctx.now.getTime() - MINUTE);
    return ctx.timeBetween(new Date(start), new Date(end));
  };

  // Reactions: mostly likes and loves, a few from each reader at most once per type.
  const weights: [ReactionType, number][] = [
    ['like', 55],
    ['love', 25],
    ['laugh', 8],
    ['cry', 4],
    ['dislike', 3],
  ];
  const total = weights.reduce((s, [, w]) => s + w, 0);
  const reactionType = (): ReactionType => {
    let r = ctx.random() * total;
    for (const [type, w] of weights) if ((r -= w) < 0) return type;
    return 'like';
  };
  const reactors = ctx.sample(readers, article.featured ? ctx.between(18, 34) : ctx.between(2, 26));
  const reactionRows = reactors.map((p) => ({
    id: ctx.uuid(),
    userId: p.id,
    ...ref,
    reactionType: reactionType(),
    createdAt: momentAfter(p, article.publishedAt, 6),
  }));
  if (reactionRows.length) await ctx.db.insert(reactions).values(reactionRows);
  for (const r of reactionRows) {
    const actor = reactors.find((p) => p.id === r.userId)!;
    ctx.notify({
      userId: article.author.id,
      actorId: actor.id,
      type: 'reaction',
      title: NOTIFICATION_TEXT.reaction.title,
      message: NOTIFICATION_TEXT.reaction.text(actor.fullName, 'article', article.title),
      link,
      relatedId: article.id,
      data: { contentType: 'article', contentId: article.id, from_user_id: actor.id },
      groupKey: `reaction:article:${article.id}`,
      at: r.createdAt,
      readAt: unreadIfRecent(article.author, r.createdAt),
    });
  }

  // Comments, and now and then a reply (often the author's): one level, as articles allow.
  const commentRows: (typeof comments.$inferInsert & { id: string; createdAt: Date })[] = [];
  const commenters = ctx.sample(readers, article.featured ? ctx.between(4, 7) : ctx.between(0, 5));
  for (const p of commenters) {
    const top = {
      id: ctx.uuid(),
      ...ref,
      parentId: null,
      depth: 0,
      userId: p.id,
      content: ctx.pick(COMMENTS),
      createdAt: momentAfter(p, article.publishedAt, 5),
    };
    commentRows.push(top);
    for (let n = ctx.chance(0.45) ? ctx.between(1, 2) : 0; n > 0; n--) {
      const replier = ctx.chance(0.6) ? article.author : ctx.pick(readers);
      commentRows.push({
        id: ctx.uuid(),
        ...ref,
        parentId: top.id,
        depth: 1,
        userId: replier.id,
        content: ctx.pick(REPLIES),
        createdAt: momentAfter(replier, new Date(top.createdAt.getTime() + 5 * MINUTE), 2),
      });
    }
  }
  if (commentRows.length) await ctx.db.insert(comments).values(commentRows);
  const byId = new Map(ctx.people.map((p) => [p.id, p]));
  for (const c of commentRows) {
    const actor = byId.get(c.userId)!;
    const parent = c.parentId ? commentRows.find((x) => x.id === c.parentId)! : null;
    const recipients = new Map<string, string>([
      [article.author.id, NOTIFICATION_TEXT.comment.text(actor.fullName, 'article', article.title)],
    ]);
    if (parent && !recipients.has(parent.userId))
      recipients.set(parent.userId, NOTIFICATION_TEXT.reply.text(actor.fullName, article.title));
    for (const [userId, message] of recipients)
      ctx.notify({
        userId,
        actorId: actor.id,
        type: 'comment',
        title: NOTIFICATION_TEXT.comment.title,
        message,
        link,
        relatedId: article.id,
        data: { contentType: 'article', contentId: article.id, from_user_id: actor.id },
        groupKey: `comment:article:${article.id}`,
        at: c.createdAt,
        readAt: unreadIfRecent(byId.get(userId)!, c.createdAt),
      });
  }
  ctx.count('reactions', reactionRows.length);
  ctx.count('comments', commentRows.length);
}
