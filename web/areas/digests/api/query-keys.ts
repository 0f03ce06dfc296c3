/** Query keys of the digests area; everything starts with 'digests'. */
export const digestKeys = {
  all: ['digests'] as const,
  /** The viewer's digest frequency (GET /api/settings/digest). */
  preference: () => [...digestKeys.all, 'preference'] as const,
  /** The admin's view of the job's runs. */
  runs: () => [...digestKeys.all, 'runs'] as const,
};
