import { cn } from '@web/lib/cn';

/**
 * Typography for rendered article markdown (no typography plugin here): headings, paragraphs,
 * lists, links, quotes, code and pictures, in the theme's colours.
 */
export const PROSE = cn(
  'text-base leading-7 break-words text-foreground',
  '[&>:first-child]:mt-0 [&>:last-child]:mb-0 [&_p]:my-4',
  '[&_h1]:mt-8 [&_h1]:mb-4 [&_h1]:text-2xl [&_h1]:leading-tight [&_h1]:font-semibold',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:leading-snug [&_h2]:font-semibold',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold [&_h5]:mt-4 [&_h5]:font-semibold [&_h6]:mt-4 [&_h6]:font-semibold',
  '[&_strong]:font-semibold',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1 [&_li>ul]:my-1 [&_li>ol]:my-1',
  '[&_a]:text-link [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:no-underline',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em]',
  '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-4 [&_pre]:text-sm [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_hr]:my-8 [&_hr]:border-border',
  '[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_table]:my-4 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:px-3 [&_td]:py-1.5 [&_th]:border [&_th]:px-3 [&_th]:py-1.5 [&_th]:text-left',
);

/** Safe HTML of an article (common/core/markdown.ts renders it, on the server or in the preview). */
export function ArticleContent({ html, className }: { html: string; className?: string }) {
  return <div className={cn(PROSE, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
