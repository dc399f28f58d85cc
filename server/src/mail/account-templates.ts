import { button as htmlButton, cardMail, colour, html, raw, SERIF } from './layout.ts';
import type { NewMail } from './outbox.repository.ts';

/** An address's site, for the mail's wordmark: the button's link is on it. */
function siteOf(link: string | undefined): string | undefined {
  if (!link) return undefined;
  try {
    return new URL(link).origin;
  } catch {
    return undefined;
  }
}

/**
 * One of Inkwell's account mails: a title, paragraphs, an optional button (with its link written out
 * for a reader whose mail program shows no button), a quiet footer; in the product's one look
 * (layout.ts cardMail: explicit light colours, so a mail program in dark mode cannot leave dark text on
 * a dark page).
 */
export function accountMail(to: string, subject: string, title: string, paragraphs: string[], button?: { label: string; link: string }, footer?: string): NewMail {
  const text = [title, '', ...paragraphs.flatMap((p) => [p, '']), ...(button ? [`${button.label}: ${button.link}`, ''] : []), ...(footer ? [footer] : [])].join('\n').trimEnd();
  const body = html`<h1 style="margin:0 0 16px;font-family:${raw(SERIF)};font-size:24px;line-height:1.3">${title}</h1>
${paragraphs.map((p) => html`<p style="margin:0 0 14px;font-size:16px;line-height:1.6">${p}</p>`)}
${
  button
    ? html`${htmlButton(button.label, button.link)}<p style="margin:16px 0 0;font-size:13px;line-height:1.6;color:${raw(colour.muted)};word-break:break-all">Or paste this link into your browser: ${button.link}</p>`
    : ''
}`;
  const site = siteOf(button?.link);
  return { to, subject, text, html: cardMail({ title: subject, ...(site ? { publicUrl: site } : {}), body, footer: { lines: footer ? [footer] : [], links: [] } }) };
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
