import { paths } from '@inkwell/contract';
import { type CardMailParts, button, cardMail, html, paragraphText } from '../mail/layout.ts';
import type { NewMail } from '../mail/outbox.repository.ts';

/** The newsletter's own pages (web: features/newsletter), each opened by a mailed link. */
export const newsletterLinks = (publicUrl: string) => ({
  confirm: (token: string) => `${publicUrl}${paths.newsletterConfirm.getHref(token)}`,
  unsubscribe: (token: string) => `${publicUrl}${paths.newsletterUnsubscribe.getHref(token)}`,
});

/** How a writer is named in a mail: their name, else their user name, else "an Inkwell writer". */
export function writerName(writer: { name: string | null; username: string | null }): string {
  return writer.name?.trim() || (writer.username ? `@${writer.username}` : 'an Inkwell writer');
}

/** A newsletter mail: the text part, and the HTML card around `body`. */
function mail(to: string, subject: string, text: string[], card: Omit<CardMailParts, 'title'>, headers?: Record<string, string>): NewMail {
  return { to, subject, text: text.join('\n'), html: cardMail({ title: subject, ...card }), ...(headers ? { headers } : {}) };
}

/**
 * To an address someone gave on a writer's profile or story: confirm it (the link opens a page whose
 * button confirms; opening the link alone does nothing, so a mail scanner subscribes nobody), or that
 * the writer imported (`imported`).
 */
export function confirmationMail(to: string, writer: string, link: string, publicUrl: string, imported = false): NewMail {
  const subject = `Confirm your subscription to ${writer}`;
  const asked = imported
    ? `${writer} moved their newsletter to Inkwell and added this address, saying you asked for their stories. Nothing comes to you until you confirm.`
    : `Someone (we hope you) asked to get new stories by ${writer} by email at this address.`;
  const ignore = 'If it was not you, ignore this mail: you will get nothing else, and we forget this address in 7 days.';
  const body = html`<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">Confirm your subscription</h1>
${paragraphText(asked)}
${button('Confirm subscription', link)}`;
  return mail(to, subject, [subject, '', asked, '', `Confirm your subscription: ${link}`, '', ignore], {
    preheader: `One click and ${writer}'s new stories come to your inbox.`,
    publicUrl,
    body,
    footer: { lines: [ignore], links: [] },
  });
}

/** After confirming: the writer's own welcome text if they wrote one, else ours; it can be ended at once. */
export function welcomeMail(to: string, writer: string, ownText: string | null, unsubscribe: string, publicUrl: string): NewMail {
  const subject = `You're subscribed to ${writer}`;
  const welcome = ownText?.trim() || `Thank you for subscribing. Every new story by ${writer} will come to this address as soon as it is published.`;
  const body = html`<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${subject}</h1>
${paragraphText(welcome)}`;
  return mail(
    to,
    subject,
    [subject, '', welcome, '', `Unsubscribe: ${unsubscribe}`],
    { publicUrl, body, footer: { lines: [`You get this mail because you subscribed to ${writer} on Inkwell.`], links: [{ label: 'Unsubscribe', href: unsubscribe }] } },
    { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'Auto-Submitted': 'auto-generated' },
  );
}
