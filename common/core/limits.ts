export const LIMITS = {
  passwordMin: 6,
  passwordMax: 128,
  usernameMin: 3,
  usernameMax: 30,
  emailMax: 254,
  /** JSON request bodies; uploads have their own limits. */
  jsonBodyBytes: 64 * 1024,
  narrowLayoutPx: 768,
  /**
   * Lists (articles, comments) count what they hold up to this many, then say '1000+': counting
   * everything on every request would scan everything, for anyone who asks.
   */
  listCountCap: 1000,
} as const;

/** A list's count as shown: '1000+' once the server stopped counting. */
export function countText(page: { total: number; totalCapped: boolean }): string {
  return page.totalCapped ? `${page.total}+` : String(page.total);
}
