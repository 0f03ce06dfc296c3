/**
 * Query keys of the admin area. A live 'admin.changed' refetches the stats and the part named;
 * every action refreshes the audit log.
 */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (q: string) => [...adminKeys.users(), q] as const,
  articles: () => [...adminKeys.all, 'articles'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
};
