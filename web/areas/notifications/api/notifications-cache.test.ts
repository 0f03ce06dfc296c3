import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Notification, NotificationPage } from '@common/notifications/model';
import { DROPDOWN_LIMIT } from './get-notifications';
import { putNotificationInCache } from './notifications-cache';
import { notificationsKeys } from './query-keys';

/*
 * A live notification is kept in the cached lists without asking the server: its row says whether
 * it is new (created when last updated: one more unread on the bell) or folded into an unread one
 * of the same key (counted already).
 */

const AT = '2026-11-28T10:00:00.000Z';
const LATER = '2026-11-28T10:05:00.000Z';

function note(id: string, over: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'comment' as Notification['type'],
    title: 'New comment',
    message: id,
    read: false,
    link: null,
    relatedId: null,
    data: {},
    actor: null,
    createdAt: AT,
    updatedAt: AT,
    ...over,
  };
}

function setup(summary: Notification[], unreadCount: number) {
  const qc = new QueryClient();
  qc.setQueryData<NotificationPage>(notificationsKeys.summary(), {
    items: summary,
    nextCursor: null,
    unreadCount,
  });
  return qc;
}
const summaryOf = (qc: QueryClient) => qc.getQueryData<NotificationPage>(notificationsKeys.summary())!;

describe('putNotificationInCache', () => {
  it('a new notification goes on top and adds one unread', () => {
    const qc = setup([note('a')], 1);
    expect(putNotificationInCache(qc, note('b'))).toBe(true);
    expect(summaryOf(qc).items.map((n) => n.id)).toEqual(['b', 'a']);
    expect(summaryOf(qc).unreadCount).toBe(2);
  });

  it('a fold into an unread one (updated after it was created) adds none, shown or not', () => {
    const qc = setup([note('a')], 3);
    putNotificationInCache(qc, note('old', { updatedAt: LATER, message: 'and 2 others' }));
    expect(summaryOf(qc).items.map((n) => n.id)).toEqual(['old', 'a']);
    expect(summaryOf(qc).unreadCount).toBe(3);
    putNotificationInCache(qc, note('a', { updatedAt: LATER }));
    expect(summaryOf(qc).items.map((n) => n.id)).toEqual(['a', 'old']);
    expect(summaryOf(qc).unreadCount).toBe(3);
  });

  it('a direct message notification is listed but never raises the bell', () => {
    const qc = setup([], 0);
    putNotificationInCache(qc, note('m', { type: 'message' as Notification['type'] }));
    expect(summaryOf(qc).items.map((n) => n.id)).toEqual(['m']);
    expect(summaryOf(qc).unreadCount).toBe(0);
  });

  it('the dropdown keeps its newest few', () => {
    const many = Array.from({ length: DROPDOWN_LIMIT }, (_, i) => note(`n${i}`, { read: true }));
    const qc = setup(many, 0);
    putNotificationInCache(qc, note('new'));
    expect(summaryOf(qc).items).toHaveLength(DROPDOWN_LIMIT);
    expect(summaryOf(qc).items[0]!.id).toBe('new');
    expect(summaryOf(qc).unreadCount).toBe(1);
  });

  it('the page keeps one unread count on every page', () => {
    const qc = setup([], 0);
    qc.setQueryData<InfiniteData<NotificationPage, string | null>>(notificationsKeys.list(), {
      pages: [
        { items: [note('a')], nextCursor: 'a', unreadCount: 1 },
        { items: [note('z')], nextCursor: null, unreadCount: 1 },
      ],
      pageParams: [null, 'a'],
    });
    putNotificationInCache(qc, note('b'));
    const list = qc.getQueryData<InfiniteData<NotificationPage, string | null>>(notificationsKeys.list())!;
    expect(list.pages.map((p) => p.items.map((n) => n.id))).toEqual([['b', 'a'], ['z']]);
    expect(list.pages.map((p) => p.unreadCount)).toEqual([2, 2]);
  });

  it('without a summary there is nothing to keep: the caller asks the server', () => {
    const qc = new QueryClient();
    expect(putNotificationInCache(qc, note('b'))).toBe(false);
  });
});
