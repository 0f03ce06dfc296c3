import type { NotificationType } from '@common/notifications/model';
import type { Db } from '../db/client';

/*
 * Policies one area decides and another applies (docs/decisions/012). Each is set by an area's
 * register(ctx); one nobody set refuses.
 */

/** May `from` send a message to `to`? */
export type MessagePolicy = (db: Db, from: string, to: string) => Promise<boolean>;

let messagePolicy: MessagePolicy = async () => false;

export function setMessagePolicy(policy: MessagePolicy): void {
  messagePolicy = policy;
}

export function canMessage(db: Db, from: string, to: string): Promise<boolean> {
  return messagePolicy(db, from, to);
}

/** What an inquiry is about, as the area owning its kind answers for the person sending it. */
export type InquiryTarget = {
  /** Who owns it: the inquiry goes to them and nobody else. */
  ownerId: string;
  /** Its title, kept on the message as it was when sent. */
  title: string;
  /** Where it is in the app, kept beside the title. */
  link: string;
  /** The owner's notification of an inquiry from `senderName`. */
  notice(senderName: string): {
    type: NotificationType;
    title: string;
    message: string;
    data?: Record<string, unknown>;
  };
};

/**
 * A kind of thing a message may be about (an inquiry), declared by the area that owns the thing.
 * The messages area stores the kind and id and knows nothing else of it (docs/decisions/036).
 */
export type InquiryKind = {
  /** Lower-case words joined by underscores, e.g. business_idea. */
  kind: string;
  /** Said when the thing is missing, hidden from the sender, or not the receiver's. */
  notFound: string;
  /** The thing as `viewerId` (the sender) may see it; null when it is missing or hidden from them. */
  find(db: Db, viewerId: string, id: string): Promise<InquiryTarget | null>;
};

const inquiryKinds = new Map<string, InquiryKind>();

export function registerInquiryKind(kind: InquiryKind): void {
  inquiryKinds.set(kind.kind, kind);
}

/** The kind's declaration; undefined when no area registered it. */
export function getInquiryKind(kind: string): InquiryKind | undefined {
  return inquiryKinds.get(kind);
}
