import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Message, UnreadCounts } from '@common/messages/model';
import type { ThreadData } from './get-thread';
import { messagesKeys } from './query-keys';
import { countNewMessageAsUnread, markThreadMessagesRead, upsertThreadMessage } from './thread-cache';

const ME = '00000000-0000-4000-8000-000000000001';
const YOU = '00000000-0000-4000-8000-000000000002';

function message(id: string, over: Partial<Message> = {}): Message {
  return {
    id,
    clientId: null,
    senderId: ME,
    receiverId: YOU,
    content: id,
    read: false,
    readAt: null,
    createdAt: '2025-06-01T12:00:00.000Z',
    inquiry: null,
    metadata: null,
    ...over,
  };
}

function thread(...pages: Message[][]): ThreadData {
  return {
    pages: pages.map((items) => ({
      partner: { id: YOU, username: 'you', fullName: null, avatarUrl: null, isOnline: false },
      items,
      nextCursor: null,
    })),
    pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)),
  };
}

const ids = (data: ThreadData) => data.pages.map((p) => p.items.map((m) => m.id));

describe('upsertThreadMessage', () => {
  it('puts a new message first in the newest page', () => {
    const data = thread([message('b'), message('a')], [message('old')]);
    expect(ids(upsertThreadMessage(data, message('c')))).toEqual([['c', 'b', 'a'], ['old']]);
  });

  it('replaces the same id, or the same clientId (the echo of a message this tab sent), in place', () => {
    const data = thread([message('b', { clientId: 'k2' }), message('a')]);
    const again = upsertThreadMessage(data, message('b', { content: 'edited' }));
    expect(ids(again)).toEqual([['b', 'a']]);
    expect(again.pages[0]!.items[0]!.content).toBe('edited');
    expect(ids(upsertThreadMessage(data, message('b2', { clientId: 'k2' })))).toEqual([['b2', 'a']]);
  });
});

describe('markThreadMessagesRead', () => {
  it("flips only that sender's unread messages up to the read time, or those listed", () => {
    const data = thread(
      [
        message('late', { senderId: YOU, receiverId: ME, createdAt: '2025-06-01T12:10:00.000Z' }),
        message('mine'),
        message('early', { senderId: YOU, receiverId: ME, createdAt: '2025-06-01T12:00:00.000Z' }),
      ],
      [message('listed', { senderId: YOU, receiverId: ME, createdAt: '2025-06-01T13:00:00.000Z' })],
    );
    const next = markThreadMessagesRead(data, YOU, '2025-06-01T12:05:00.000Z', ['listed']);
    const read = next.pages.flatMap((p) => p.items).map((m) => [m.id, m.read]);
    expect(read).toEqual([
      ['late', false],
      ['mine', false],
      ['early', true],
      ['listed', true],
    ]);
    expect(markThreadMessagesRead(next, YOU, '2025-06-01T12:05:00.000Z')).toBe(next);
  });
});

describe('countNewMessageAsUnread', () => {
  const toMe = (id: string, over: Partial<Message> = {}) =>
    message(id, { senderId: YOU, receiverId: ME, ...over });

  it('a message received is one more unread; an inquiry one more unread inquiry too', () => {
    const qc = new QueryClient();
    qc.setQueryData<UnreadCounts>(messagesKeys.unread(), { messages: 2, inquiries: 0 });
    expect(countNewMessageAsUnread(qc, toMe('a'))).toBe(true);
    expect(qc.getQueryData(messagesKeys.unread())).toEqual({ messages: 3, inquiries: 0 });
    expect(countNewMessageAsUnread(qc, toMe('b', { inquiry: { kind: 'idea', id: 'x' } }))).toBe(true);
    expect(qc.getQueryData(messagesKeys.unread())).toEqual({ messages: 4, inquiries: 1 });
  });

  it('no count yet, or one on its way: the caller asks the server', async () => {
    const qc = new QueryClient();
    expect(countNewMessageAsUnread(qc, toMe('a'))).toBe(false);
    let answer: (v: UnreadCounts) => void = () => {};
    const fetching = qc.fetchQuery({
      queryKey: messagesKeys.unread(),
      queryFn: () => new Promise<UnreadCounts>((resolve) => (answer = resolve)),
    });
    expect(countNewMessageAsUnread(qc, toMe('b'))).toBe(false);
    answer({ messages: 1, inquiries: 0 });
    await fetching;
    expect(countNewMessageAsUnread(qc, toMe('c'))).toBe(true);
    expect(qc.getQueryData(messagesKeys.unread())).toEqual({ messages: 2, inquiries: 0 });
  });
});
