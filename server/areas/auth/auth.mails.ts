import type { Mail } from '../../platform/email';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p>${escape(p)}</p>`).join('');
  const button = action
    ? `<p><a href="${escape(action.url)}" style="background:#4338ca;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p><p style="color:#555;font-size:13px">Or open this link: ${escape(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111"><h1 style="font-size:20px">${escape(title)}</h1>${body}${button}<p style="color:#555;font-size:13px">Cofound: where entrepreneurs, investors and professionals meet.</p></body></html>`;
}

export function welcomeMail(to: string, firstName: string): Mail {
  const text = [
    `Welcome to Cofound, ${firstName}!`,
    '',
    'Your account is ready. Share your ideas, follow founders and investors, and join the groups and events that matter to you.',
  ].join('\n');
  return {
    to,
    subject: 'Welcome to Cofound',
    text,
    html: layout(`Welcome to Cofound, ${firstName}!`, [
      'Your account is ready. Share your ideas, follow founders and investors, and join the groups and events that matter to you.',
    ]),
  };
}

export function verifyEmailMail(to: string, name: string, url: string): Mail {
  const lines = [`Hi ${name},`, 'Please confirm your email address to finish creating your Cofound account.'];
  return {
    to,
    subject: 'Confirm your email for Cofound',
    text: [...lines, '', `Confirm your email: ${url}`, '', 'If you did not sign up, ignore this mail.'].join(
      '\n',
    ),
    html: layout('Confirm your email', lines, { label: 'Confirm email', url }),
  };
}

export function resetPasswordMail(to: string, name: string, url: string): Mail {
  const lines = [
    `Hi ${name},`,
    'Someone asked to reset the password of your Cofound account. The link is valid for one hour.',
  ];
  return {
    to,
    subject: 'Reset your Cofound password',
    text: [
      ...lines,
      '',
      `Reset your password: ${url}`,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
    html: layout('Reset your password', lines, { label: 'Reset password', url }),
  };
}
