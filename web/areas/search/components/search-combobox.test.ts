import { SEARCH } from '@common/search/model';
import { describe, expect, it } from 'vitest';
import { QUERY_MAX } from './search-combobox';

describe('the first-view search field', () => {
  it('allows as long a query as the server searches', () => {
    expect(QUERY_MAX).toBe(SEARCH.queryMax);
  });
});
