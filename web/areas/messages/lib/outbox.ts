import { useMemo, useSyncExternalStore } from 'react';
import { MESSAGING, type Message } from '@common/messages/model';
import type { SendMessageVariables } from '../api/send-message';
import { OUTBOX_KEY } from './outbox-key';

/*
 * The outbox (docs/decisions/030): messages written while offline, kept in this browser's
 * localStorage under a private key (forgotten once nobody is signed in) until they are sent. Each
 * keeps the clientId it was given when written, so however often it is sent (a retry, another
 * tab) the server stores it once. Every tab sees the same list: localStorage's 'storage' event
 * tells the others of each change.
 */
export type OutboxItem = SendMessageVariables & { senderId: string };

const CHANGED = 'cofound:outbox-changed';

function isItem(value: unknown): value is OutboxItem {
  const v = value as Partial<OutboxItem> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.senderId === 'string' &&
    typeof v.receiverId === 'string' &&
    typeof v.clientId === 'string' &&
    typeof v.content === 'string' &&
    typeof v.sentAt === 'string'
  );
}

let lastRaw: string | null = null;
let lastItems: OutboxItem[] = [];

/** Everything waiting, oldest first (the same array until the stored list changes). */
export function readOutbox(): OutboxItem[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(OUTBOX_KEY);
  } catch {
    raw = null;
  }
  if (raw === lastRaw) return lastItems;
  lastRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    lastItems = Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    lastItems = [];
  }
  return lastItems;
}

function writeOutbox(items: OutboxItem[]) {
  if (items.length) localStorage.setItem(OUTBOX_KEY, JSON.stringify(items));
  else localStorage.removeItem(OUTBOX_KEY);
  window.dispatchEvent(new Event(CHANGED));
}

/** Puts a message in the outbox; false when it is full (or storage refuses). */
export function addToOutbox(item: OutboxItem): boolean {
  const items = readOutbox();
  if (items.length >= MESSAGING.outboxMax) return false;
  try {
    writeOutbox([...items, item]);
    return true;
  } catch {
    return false;
  }
}

export function removeFromOutbox(clientId: string): void {
  const items = readOutbox();
  if (items.some((item) => item.clientId === clientId)) {
    writeOutbox(items.filter((item) => item.clientId !== clientId));
  }
}

export function subscribeOutbox(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === OUTBOX_KEY || event.key === null) listener();
  };
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', onStorage);
  };
}

const QUEUED_PREFIX = 'queued:';

export function isQueuedMessage(message: Message): boolean {
  return message.id.startsWith(QUEUED_PREFIX);
}

/** The messages to `partnerId` waiting in the outbox, shaped like stored ones, oldest first. */
export function useOutboxMessages(viewerId: string, partnerId: string): Message[] {
  const items = useSyncExternalStore(subscribeOutbox, readOutbox, () => lastItems);
  return useMemo(() => toMessages(items, viewerId, partnerId), [items, viewerId, partnerId]);
}

function toMessages(items: OutboxItem[], viewerId: string, partnerId: string): Message[] {
  return items
    .filter((item) => item.senderId === viewerId && item.receiverId === partnerId)
    .map((item) => ({
      id: `${QUEUED_PREFIX}${item.clientId}`,
      clientId: item.clientId,
      senderId: viewerId,
      receiverId: item.receiverId,
      content: item.content,
      read: false,
      readAt: null,
      createdAt: item.sentAt,
      inquiry: item.inquiry ?? null,
      metadata: null,
    }));
}
