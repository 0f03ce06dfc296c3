import { Fragment } from 'react';
import { linkify } from '@web/lib/linkify';

/**
 * Plain text with its http(s) addresses as links that open in a new tab. Rendered as text nodes
 * and anchors, never as HTML; whitespace is kept by the surrounding element's class.
 */
export function LinkifiedText({
  text,
  linkClassName = 'text-link',
}: {
  text: string;
  /** The links' colour: on a coloured bubble, the bubble's own text colour reads better. */
  linkClassName?: string;
}) {
  return linkify(text).map((part, i) =>
    part.kind === 'link' ? (
      <a
        key={i}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className={`${linkClassName} underline underline-offset-2 hover:no-underline`}
      >
        {part.text}
      </a>
    ) : (
      <Fragment key={i}>{part.text}</Fragment>
    ),
  );
}
