/** Query keys of the search area: one infinite list per (trimmed) query text and type tab. */
export const searchKeys = {
  all: ['search'] as const,
  results: (query: string, type?: string) => [...searchKeys.all, 'results', query, type ?? 'all'] as const,
  suggestions: (query: string) => [...searchKeys.all, 'suggestions', query] as const,
};
