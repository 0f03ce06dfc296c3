import type { PersonSummary } from '../profiles/model';

/**
 * The investing board (docs/product-rules.md: no sample data, every feature is a real write, upload limits).
 * Types, limits and every user-visible text, shared by the server and the web app. No zod here (see
 * schemas.ts), so pages that only show ideas stay small.
 */

const MB = 1024 * 1024;

/** The submit form's industries (value / label), in the document's order. */
export const SUBMIT_INDUSTRIES = [
  'tech',
  'finance',
  'healthcare',
  'education',
  'retail',
  'manufacturing',
  'energy',
  'real_estate',
  'agriculture',
  'entertainment',
  'food',
  'transportation',
  'other',
] as const;

/**
 * The edit form's own list (Technology, Healthcare, Finance, Education, E-commerce, Other). Its
 * labels name the same industries as the submit form's values, except E-commerce, which only
 * the edit form offers; both are stored in one column.
 */
export const EDIT_INDUSTRIES = ['tech', 'healthcare', 'finance', 'education', 'ecommerce', 'other'] as const;

export const INDUSTRIES = [...SUBMIT_INDUSTRIES, 'ecommerce'] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const INDUSTRY_LABELS: Record<Industry, string> = {
  tech: 'Technology',
  finance: 'Finance',
  healthcare: 'Healthcare',
  education: 'Education',
  retail: 'Retail',
  manufacturing: 'Manufacturing',
  energy: 'Energy',
  real_estate: 'Real Estate',
  agriculture: 'Agriculture',
  entertainment: 'Entertainment',
  food: 'Food & Beverage',
  transportation: 'Transportation',
  other: 'Other',
  ecommerce: 'E-commerce',
};

export const RISKS = ['low', 'medium', 'high'] as const;
export type Risk = (typeof RISKS)[number];
export const RISK_LABELS: Record<Risk, string> = { low: 'Low', medium: 'Medium', high: 'High' };

/**
 * The list's tabs: All, then one per industry that has an idea the viewer may read, in the
 * submit form's order (the server sends that list: GET /api/investing/industries).
 */
export type IdeaTab = 'all' | Industry;
export const IDEA_TABS: readonly IdeaTab[] = ['all', ...INDUSTRIES];
export const ideaTabLabel = (tab: IdeaTab): string => (tab === 'all' ? 'All Ideas' : INDUSTRY_LABELS[tab]);

/** GET /api/investing/industries: the industries with ideas, for the tabs. */
export type IdeaIndustries = { industries: Industry[] };

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const INVESTING = {
  titleMin: 5,
  titleMax: 100,
  descriptionMin: 20,
  descriptionMax: 10_000,
  fundingGoalMin: 1000,
  /** Not in the document: a sane ceiling (a trillion dollars) so the column never overflows. */
  moneyMax: 1_000_000_000_000,
  equityMin: 0.1,
  equityMax: 100,
  equityStep: 0.1,
  fundingStep: 0.01,
  locationMax: 200,
  websiteMax: 500,
  updateTitleMin: 3,
  updateTitleMax: 100,
  updateContentMin: 10,
  updateContentMax: 10_000,
  /** docs/product-rules.md: upload limits. */
  imageMaxBytes: 5 * MB,
  videoMaxBytes: 50 * MB,
  /** Going further than the document: the pitch deck. */
  pdfMaxBytes: 20 * MB,
  pageSize: 10,
  pageMax: 50,
  updatesPageSize: 10,
  skeletons: 4,
  /** Per person and hour (rate limits counted in the database). */
  ideasPerHour: 10,
  updatesPerHour: 30,
  uploadsPerHour: 30,
  videoAccept: 'video/mp4,video/webm',
  pdfAccept: 'application/pdf',
} as const;

/** The product's texts for the investing board, word for word; the rest marked as ours. */
/** The kind a message about an idea (a business inquiry) names: `{ inquiry: { kind, id } }`. */
export const IDEA_INQUIRY_KIND = 'business_idea';

export const INVESTING_MSG = {
  heading: 'Investing Opportunities',
  submitIdea: 'Submit Business Idea',
  signInSubmit: 'submit your business idea',
  signInDetails: 'view business idea details',
  equityOffered: (pct: string) => `Equity Offered: ${pct}%`,
  updateFunding: 'Update Funding',
  contact: 'Contact',
  empty: 'No business ideas found',
  refresh: 'Refresh',
  loadFailed: 'Failed to load business ideas',
  backToInvesting: 'Back to Investing',
  editIdea: 'Edit Idea',
  backToDetails: 'Back to Details',
  description: 'Description',
  riskAssessment: 'Risk Assessment',
  fundingProgress: 'Funding Progress',
  businessDetails: 'Business Details',
  viewPitchDeck: 'View Pitch Deck',
  contactFounder: 'Contact Founder',
  updates: 'Updates',
  addUpdate: 'Add Update',
  notFoundTitle: 'Business Idea Not Found',
  notFoundText: (id: string) => `We couldn't find a business idea with the id "${id}".`,
  notFound: 'Business idea not found',
  /** A message about an idea the sender cannot see, or not the receiver's. */
  inquiryNotFound: 'This business idea could not be found.',
  loadOneFailed: 'Failed to load business idea',
  // Validation.
  titleMin: 'Title must be at least 5 characters',
  titleMax: 'Title must be at most 100 characters',
  descriptionMin: 'Description must be at least 20 characters',
  descriptionMax: 'Description must be at most 10000 characters',
  fundingGoalMin: 'Minimum funding goal is $1,000',
  fundingGoalNumber: 'Minimum funding goal is $1,000',
  moneyMax: 'Amount is too large',
  industryRequired: 'Please select an industry',
  equityRange: 'Equity must be between 0.1 and 100',
  equityStep: 'Equity must be in steps of 0.1',
  websiteInvalid: 'Please enter a valid URL',
  updateTitleMin: 'Title must be at least 3 characters',
  updateTitleMax: 'Title must be at most 100 characters',
  updateContentMin: 'Content must be at least 10 characters',
  mustBeLoggedInForUpdates: 'You must be logged in to add updates',
  fundingMin: 'Funding must be 0 or more',
  fundingStep: 'Funding must be in steps of 0.01',
  messageEmpty: 'Please enter a message',
  // Errors and successes.
  fundingFailed: 'Failed to update funding',
  fundingUpdated: 'Funding updated successfully!',
  sendFailed: 'Failed to send message',
  messageSent: 'Message sent to founder!',
  submissionFailed: 'Submission Failed',
  tryAgain: 'Please try again.',
  uploadFailed: 'Upload failed',
  uploadFailedText: 'There was an error uploading your file',
  addUpdateFailed: 'Error: There was an error adding your update',
  updatesLoadFailed: 'Failed to load business updates',
  ideaUpdateFailed: 'Failed to update business idea',
  // Uploads (docs/product-rules.md: upload limits).
  invalidFileType: 'Invalid file type',
  uploadImageOrVideo: 'Please upload an image or video file',
  fileTooLarge: 'File too large',
  fileSizeMax: (mb: number) => `File size must be less than ${mb}MB`,
  selectFile: 'You must select a file to upload.',
  uploadPdf: 'Please upload a PDF file',
  uploadImage: 'Please upload an image file',
  uploadVideo: 'Please upload a video file',
  mediaNotUploaded: 'Upload the file again: it is not one of your uploads.',
  // Ours (going further than the document).
  ideaSubmitted: 'Business idea submitted!',
  ideaSaved: 'Business idea updated!',
  updateAdded: 'Update added!',
  noUpdates: 'No updates yet',
  follow: 'Follow',
  following: 'Following',
  followers: (n: number) => `${n} ${n === 1 ? 'follower' : 'followers'}`,
  pitchDeck: 'Pitch Deck',
  pitchDeckOpenedBy: 'Opened by',
  pitchDeckNotOpened: 'Nobody has opened the pitch deck yet',
  fundedOf: (received: string, goal: string) => `${received} of ${goal}`,
  newUpdateTitle: 'Business Activity',
  newUpdateText: (ideaTitle: string, updateTitle: string) => `New update on "${ideaTitle}": ${updateTitle}`,
  invalidCursor: 'Invalid cursor.',
  contactPlaceholder: 'Write a message to the founder...',
  send: 'Send',
  cancel: 'Cancel',
  save: 'Save',
  submit: 'Submit',
} as const;

export type IdeaSummary = {
  id: string;
  title: string;
  description: string;
  industry: Industry;
  risk: Risk;
  fundingGoal: number;
  fundingReceived: number;
  equityOffered: number | null;
  imageUrl: string | null;
  createdAt: string;
  updatedAt: string;
  author: PersonSummary;
  isOwner: boolean;
};

export type Idea = IdeaSummary & {
  location: string | null;
  website: string | null;
  videoUrl: string | null;
  hasPitchDeck: boolean;
  followers: number;
  isFollowing: boolean;
};

export type IdeaPage = { items: IdeaSummary[]; nextCursor: string | null };

export type IdeaUpdate = {
  id: string;
  ideaId: string;
  title: string;
  content: string;
  mediaUrl: string | null;
  mediaType: MediaType | null;
  createdAt: string;
  author: PersonSummary;
};

export type IdeaUpdatePage = { items: IdeaUpdate[]; nextCursor: string | null };

export type PitchDeckOpen = {
  person: PersonSummary;
  firstOpenedAt: string;
  lastOpenedAt: string;
  opens: number;
};
export type PitchDeckOpenPage = { items: PitchDeckOpen[]; nextCursor: string | null };

export type UploadedFile = { url: string; mediaType: MediaType | 'pdf' };

/** This area's live events, part of the realtime protocol's `ServerEvent` (keyed by `type`). */
declare module '../core/realtime' {
  interface AreaEvents {
    /**
     * To subscribers of `investing:all` (the board) and `investing:{ideaId}` (its page): the idea was
     * posted, edited, funded, given an update or removed. Names only the idea: the page asks the API
     * for what it may see.
     */
    'investing.changed': {
      type: 'investing.changed';
      ideaId: string;
      change: 'created' | 'edited' | 'funding' | 'update' | 'removed';
    };
  }
}

/** The investing board ('all') or one idea's page: for whoever may read it. */
export const investingTopic = (ideaId: string | 'all') => `investing:${ideaId}`;

/** What this area puts on the home feed: its kinds and its filter tab (common/feed/model.ts). */
declare module '../feed/model' {
  interface AreaFeedKinds {
    business_idea: true;
  }
  interface AreaFeedCategories {
    investing: true;
  }
}

/** What a visitor following a business idea's feed card is asked to sign in for. */
export const IDEA_FEED_SIGN_IN = 'view business idea details';

/** The notifications this area sends (common/notifications/model.ts). */
declare module '../notifications/model' {
  interface AreaNotificationTypes {
    business_inquiry: true;
    business_action: true;
  }
}
