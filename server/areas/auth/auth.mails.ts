import type { Mail } from '../../platform/email';
import { mailLayout as layout } from '../../platform/mail-layout';

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
