/** Query keys of the search area: one infinite list per (trimmed) query text. */
export const searchKeys = {
  all: ['search'] as const,
  results: (query: string) => [...searchKeys.all, 'results', query] as const,
};
