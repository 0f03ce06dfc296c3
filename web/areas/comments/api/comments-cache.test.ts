import { describe, expect, it } from 'vitest';
import type { Comment } from '@common/comments/model';
import {
  buildCommentTree,
  loadedComments,
  withComment,
  withoutComments,
  type CommentsData,
} from './comments-cache';

const author = { id: 'u1', username: 'ada', fullName: 'Ada', avatarUrl: null, title: null, bio: null };
function comment(id: string, minute: number, parentId: string | null = null, depth = 0): Comment {
  return {
    id,
    contentType: 'article',
    contentId: 'a1',
    parentId,
    depth,
    content: id,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    author,
  };
}
function pages(...items: Comment[][]): CommentsData {
  const total = items.flat().length;
  return {
    pages: items.map((page, i) => ({
      items: page,
      total,
      totalCapped: false,
      nextCursor: i < items.length - 1 ? `c${i}` : null,
      maxDepth: 3,
      closedReason: null,
    })),
    pageParams: items.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
  };
}

describe('comments cache', () => {
  it('adds a new comment once, after the loaded ones, and counts it', () => {
    const data = pages([comment('a', 1)], [comment('b', 2)]);
    const added = withComment(data, comment('c', 3));
    expect(added?.pages[1]?.items.map((c) => c.id)).toEqual(['b', 'c']);
    expect(added?.pages.map((p) => p.total)).toEqual([3, 3]);
    expect(added && withComment(added, comment('c', 3))).toBeNull();
  });

  it('shows a comment added early once, in time order, when its page loads later', () => {
    const early = withComment(pages([comment('a', 1)]), comment('c', 3));
    if (!early) throw new Error('not added');
    const later: CommentsData = {
      pages: [
        ...early.pages,
        {
          items: [comment('b', 2), comment('c', 3)],
          total: 3,
          totalCapped: false,
          nextCursor: null,
          maxDepth: 3,
          closedReason: null,
        },
      ],
      pageParams: [...early.pageParams, 'c0'],
    };
    expect(loadedComments(later).map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });

  it('takes a deleted comment out with its loaded replies, counting only what was there', () => {
    const data = pages([
      comment('a', 1),
      comment('r1', 2, 'a', 1),
      comment('r2', 3, 'r1', 2),
      comment('b', 4),
    ]);
    const after = withoutComments(data, ['a']);
    expect(after?.pages[0]?.items.map((c) => c.id)).toEqual(['b']);
    expect(after?.pages[0]?.total).toBe(1);
    expect(after && withoutComments(after, ['a'])).toBeNull();
  });

  it('nests replies under their parents, oldest first', () => {
    const tree = buildCommentTree(
      loadedComments(
        pages([comment('a', 1), comment('b', 2), comment('r1', 3, 'a', 1), comment('r2', 4, 'r1', 2)]),
      ),
    );
    expect(tree.map((n) => n.comment.id)).toEqual(['a', 'b']);
    expect(tree[0]?.replies[0]?.comment.id).toBe('r1');
    expect(tree[0]?.replies[0]?.replies[0]?.comment.id).toBe('r2');
  });
});
