/**
 * A web address as people type it ('meet.example.com/abc', 'example.com'): without a scheme it gets
 * https:// in front. Text that already names a scheme (javascript:, ftp:, http:) or starts with a
 * slash (a path, or '//host') is left as typed, for the caller's own check to accept or refuse.
 */
export function completeUrl(text: string): string {
  const s = text.trim();
  if (!s) return '';
  return /^(?:[a-z][a-z0-9+.-]*:|[/\\])/i.test(s) ? s : `https://${s}`;
}
