/** Query keys of the settings area; everything starts with 'settings'. */
export const settingsKeys = {
  all: ['settings'] as const,
  /** The viewer's switches (GET /api/settings). */
  switches: () => [...settingsKeys.all, 'switches'] as const,
  /** The people the viewer blocked. */
  blocked: () => [...settingsKeys.all, 'blocked'] as const,
  /** Download your data: the viewer's export and its progress. */
  dataExport: () => [...settingsKeys.all, 'data-export'] as const,
};
