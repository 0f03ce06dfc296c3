/**
 * Link previews (docs/decisions/028): the card a post, article, comment or message shows for the
 * first address in its text. No zod here: the cards are on pages that only show things.
 */

/** A page's card, as the server fetched and stored it; the image is our own re-encoded copy. */
export type LinkPreview = {
  /** The address as the server normalised it (no fragment, no default port). */
  url: string;
  title: string;
  description: string | null;
  siteName: string | null;
  /** Our stored copy of the page's image (never the page's own address), or null. */
  imageUrl: string | null;
};

export const LINK_PREVIEW_LIMITS = {
  urlMax: 2048,
  titleMax: 200,
  descriptionMax: 300,
  siteNameMax: 100,
} as const;

export const LINK_PREVIEW_MSG = {
  /** The composer's button that takes the card off before posting. */
  remove: 'Remove link preview',
  /** Read by screen readers: the card is a link to the page. */
  cardLabel: (title: string) => `Link preview: ${title}`,
  tooMany: 'You have asked for many link previews in a short time. Please wait a while and try again.',
  busy: 'Too many link previews are being made right now. Please try again in a moment.',
} as const;
