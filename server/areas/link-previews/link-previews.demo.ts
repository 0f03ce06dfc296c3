import sharp from 'sharp';
import { linkPreviews } from '../../db/schema/link-previews';
import type { DemoContext } from '../../platform/demo';

/*
 * The demo's link cards, made here and not fetched: the pages live under the reserved `.example`
 * domain (no one's site), and their rows are written as a fetch would have left them, each with a
 * drawn picture stored as a fetched image is (one WebP copy under link-previews/). Areas whose demo
 * text links to them name them from this list.
 */

type DemoLinkPage = {
  url: string;
  title: string;
  description: string;
  siteName: string;
  colors: [string, string];
};

export const DEMO_LINK_PAGES = {
  pricing: {
    url: 'https://foundernotes.example/guides/annual-plans',
    title: 'Annual-only plans: what happened when we dropped monthly billing',
    description:
      'Conversion fell by a fifth, churn halved, and cash in the bank doubled. A year of numbers from a 12-person SaaS.',
    siteName: 'Founder Notes',
    colors: ['#0f766e', '#5eead4'],
  },
  invoicing: {
    url: 'https://ledgerlane.example/blog/eu-e-invoicing-2027',
    title: 'EU e-invoicing in 2027: a plain-language checklist for small companies',
    description:
      'Which invoices must be electronic, which formats count, and the dates that apply to companies under 50 people.',
    siteName: 'Ledgerlane',
    colors: ['#1d4ed8', '#93c5fd'],
  },
  hiring: {
    url: 'https://teamcraft.example/playbook/first-hire',
    title: 'Your first hire: a one-page playbook',
    description: 'Write the scorecard before the job post, ask for work samples, and close in a week.',
    siteName: 'Teamcraft',
    colors: ['#9333ea', '#f0abfc'],
  },
} as const satisfies Record<string, DemoLinkPage>;

/** A 1200x630 card picture (the Open Graph shape) with the page's site name. */
function cardPicture(page: DemoLinkPage): string {
  const [a, b] = page.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <circle cx="1020" cy="140" r="220" fill="#ffffff" fill-opacity="0.12"/>
  <circle cx="180" cy="560" r="160" fill="#ffffff" fill-opacity="0.10"/>
  <text x="80" y="350" font-family="sans-serif" font-size="84" font-weight="700" fill="#ffffff">${page.siteName}</text>
</svg>`;
}

export async function linkPreviewsDemo(ctx: DemoContext): Promise<void> {
  const pages: DemoLinkPage[] = Object.values(DEMO_LINK_PAGES);
  for (const page of pages) {
    const key = `link-previews/${ctx.uuid()}/800.webp`;
    const bytes = await sharp(Buffer.from(cardPicture(page)))
      .resize(800)
      .webp({ quality: 82, effort: 0 })
      .toBuffer();
    await ctx.storage.put(key, bytes, 'image/webp');
    await ctx.db.insert(linkPreviews).values({
      url: page.url,
      status: 'ok',
      title: page.title,
      description: page.description,
      siteName: page.siteName,
      imageKey: key,
      fetchedAt: ctx.daysAgo(2),
    });
  }
  ctx.count('link previews', pages.length);
}
