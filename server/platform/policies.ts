import type { MessageType } from '@common/messages/model';
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

/** The kinds of message that are about something (an idea, a page) rather than general. */
export type InquiryType = Exclude<MessageType, 'general'>;
/** What an inquiry is about: its owner (who must receive it) and its title. */
export type InquiryTarget = { ownerId: string; title: string };
export type InquiryFinder = (db: Db, id: string) => Promise<InquiryTarget | null>;

const inquiryTargets = new Map<InquiryType, InquiryFinder>();

export function registerInquiryTarget(type: InquiryType, find: InquiryFinder): void {
  inquiryTargets.set(type, find);
}

/** How to find what an inquiry of this type is about; undefined while no area registered one. */
export function getInquiryTarget(type: InquiryType): InquiryFinder | undefined {
  return inquiryTargets.get(type);
}
