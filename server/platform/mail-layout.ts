/** The one look of every mail we send: a title, paragraphs, an optional button with its link spelled out. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const SMALL = 'color:#555;font-size:13px';

const frame = (title: string, inner: string) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${inner}<p style="${SMALL}">Cofound: where entrepreneurs, investors and professionals meet.</p></body></html>`;

const paragraphsHtml = (paragraphs: string[]) => paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');

const buttonHtml = (action?: { label: string; url: string }) =>
  action
    ? `<p><a href="${escapeHtml(action.url)}" style="background:#4338ca;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="${SMALL}">Or open this link: ${escapeHtml(action.url)}</p>`
    : '';

export function mailLayout(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  return frame(title, `${paragraphsHtml(paragraphs)}${buttonHtml(action)}`);
}

/** A titled list of links in a mail (a digest's section). */
export type MailList = { heading: string; items: { text: string; detail?: string; url: string }[] };

/**
 * The same look with lists of links after the paragraphs, then the button, then small print with
 * its links (a digest: its sections, then how to change or stop it).
 */
export function mailListsLayout(
  title: string,
  intro: string[],
  lists: MailList[],
  action: { label: string; url: string },
  footer: { text: string; url: string }[],
) {
  const listsHtml = lists
    .map((list) => {
      const items = list.items
        .map(
          (i) =>
            `<li style="margin-bottom:6px"><a href="${escapeHtml(i.url)}" style="color:#4338ca">${escapeHtml(i.text)}</a>${i.detail ? `<br><span style="${SMALL}">${escapeHtml(i.detail)}</span>` : ''}</li>`,
        )
        .join('');
      return `<h2 style="font-size:16px;margin-top:20px">${escapeHtml(list.heading)}</h2><ul style="padding-left:18px">${items}</ul>`;
    })
    .join('');
  const small = footer
    .map(
      (f) =>
        `<p style="${SMALL}">${escapeHtml(f.text)} <a href="${escapeHtml(f.url)}" style="color:#555">${escapeHtml(f.url)}</a></p>`,
    )
    .join('');
  return frame(title, `${paragraphsHtml(intro)}${listsHtml}${buttonHtml(action)}${small}`);
}
