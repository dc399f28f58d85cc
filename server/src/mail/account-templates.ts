import { escapeHtml } from '@inkwell/contract';
import type { NewMail } from './outbox.repository.ts';

/** One of Inkwell's account mails: a title, paragraphs, an optional button, a quiet footer. */
export function accountMail(to: string, subject: string, title: string, paragraphs: string[], button?: { label: string; link: string }, footer?: string): NewMail {
  const text = [title, '', ...paragraphs.flatMap((p) => [p, '']), ...(button ? [`${button.label}: ${button.link}`, ''] : []), ...(footer ? [footer] : [])].join('\n').trimEnd();
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#1f2328;max-width:560px;margin:auto;padding:24px">
<p style="font-family:Arial,sans-serif;font-weight:bold;color:#4f46e5;font-size:18px;margin:0 0 16px">Inkwell</p>
<h1 style="font-size:24px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${
  button
    ? `<p><a href="${escapeHtml(button.link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none">${escapeHtml(button.label)}</a></p>
<p style="color:#57606a;font-size:14px">Or paste this link into your browser: ${escapeHtml(button.link)}</p>`
    : ''
}
${footer ? `<p style="color:#57606a;font-size:14px">${escapeHtml(footer)}</p>` : ''}
</body></html>`;
  return { to, subject, text, html };
}

/** To the new address: open the link to make it the account's address. */
export function emailChangeMail(to: string, link: string): NewMail {
  return accountMail(
    to,
    'Confirm your new email address for Inkwell',
    'Confirm your new address',
    ['Someone (we hope you) asked to use this address for their Inkwell account. It becomes the account’s address when you open this link.'],
    { label: 'Use this address', link },
    'The link works for 24 hours. If you did not ask for this, ignore this mail: nothing changes.',
  );
}

/** To the old address: a change was asked for, and how to keep the account safe if it was not them. */
export function emailChangeNoticeMail(to: string, newAddress: string): NewMail {
  return accountMail(to, 'Your Inkwell address is about to change', 'Your address is about to change', [
    `We sent a link to ${newAddress} to make it your Inkwell address. Until it is opened, you keep signing in with this one.`,
    'If you did not ask for this, change your password now: whoever did knows it.',
  ]);
}

/** When an action ends, as a mail says it: '3 December 2026, 14:00 UTC'. */
export const mailTime = (iso: string): string =>
  `${new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' }).replace(' at ', ', ')} UTC`;

/** To a suspended member (the statement of reasons, ADR 0096): what, why, for how long, and what stays. */
export function suspendedMail(to: string, action: { endsAt: string | null; reason: string; appealUrl: string; appealBy: string }): NewMail {
  const until = action.endsAt ? `until ${mailTime(action.endsAt)}` : 'until they lift it';
  return accountMail(
    to,
    'Your Inkwell account is suspended',
    'Your account is suspended',
    [
      `The moderators of this server have suspended your account ${until}.`,
      `Their reasons: ${action.reason}`,
      'While it is suspended you cannot sign in, and your profile, stories and comments are shown to nobody. Nothing of yours is deleted.',
      action.endsAt ? 'It ends by itself, and we will write to you when it does.' : 'We will write to you when it is lifted.',
      `If you think they got it wrong, you can appeal until ${mailTime(action.appealBy)}: a moderator reads it and answers.`,
    ],
    { label: 'Appeal', link: action.appealUrl },
  );
}

/** To a member whose suspension ended: everything is back. */
export function unsuspendedMail(to: string, signIn: string): NewMail {
  return accountMail(
    to,
    'Your Inkwell account is back',
    'Your account is back',
    ['Your suspension has ended. Your profile, stories and comments are shown again, and you can sign in as before.'],
    { label: 'Sign in', link: signIn },
  );
}
