import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { emailChangeMail, emailChangeNoticeMail, suspendedMail, unsuspendedMail } from './account-templates.ts';
import type { NewMail } from './outbox.repository.ts';
import { appealAnsweredMail, statementMail } from './statement-templates.ts';
import { verificationMail } from './templates.ts';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

const BASE = 'https://inkwell.example';
const later = '2026-12-22T14:00:00.000Z';
const MAILS: Record<string, NewMail> = {
  verification: verificationMail('a@example.com', `${BASE}/verify?token=abc`),
  'address change': emailChangeMail('a@example.com', `${BASE}/email/confirm?token=abc`),
  'address change notice': emailChangeNoticeMail('a@example.com', 'b@example.com'),
  statement: statementMail('a@example.com', 'The moderators hid your comment', {
    done: 'The moderators of this server have hidden your comment “<script>alert(1)</script>” from readers',
    reason: 'Rude.',
    endsAt: null,
    effect: 'You still see it, labelled.',
    appealUrl: `${BASE}/appeal?action=4`,
    appealBy: later,
  }),
  'appeal answered': appealAnsweredMail('a@example.com', { status: 'rejected', reply: 'It stays.', what: 'your comment', endsAt: null, page: `${BASE}/appeal?action=4` }),
  suspended: suspendedMail('a@example.com', { endsAt: later, reason: 'Spam.', appealUrl: `${BASE}/appeal?action=5`, appealBy: later }),
  unsuspended: unsuspendedMail('a@example.com', `${BASE}/login`),
};

/** The mail's HTML part (every account mail has one). */
const htmlOf = (mail: NewMail): string => {
  expect(typeof mail.html).toBe('string');
  return mail.html ?? '';
};
const styleOf = (element: Element) => element.attrs.find((a) => a.name === 'style')?.value ?? '';
function elements(node: Node, found: Element[] = []): Element[] {
  if ('tagName' in node) found.push(node);
  for (const child of 'childNodes' in node ? node.childNodes : []) elements(child, found);
  return found;
}
/** Whether text in `element` has a colour and a background set on it or above it (a mail program in dark mode keeps neither otherwise). */
function painted(element: Element, path: Element[]): { colour: boolean; background: boolean } {
  const chain = [...path, element].map(styleOf);
  return { colour: chain.some((s) => /(^|;)\s*color:/.test(s)), background: chain.some((s) => /(^|;)\s*background:/.test(s)) };
}
function textElements(node: Node, path: Element[] = [], found: Array<{ element: Element; path: Element[] }> = []) {
  if (!('childNodes' in node)) return found;
  const here = 'tagName' in node ? [...path, node] : path;
  for (const child of node.childNodes) {
    if (child.nodeName === '#text' && 'value' in child && child.value.trim() && 'tagName' in node && !['title', 'style'].includes(node.tagName)) {
      found.push({ element: node, path });
    }
    textElements(child, here, found);
  }
  return found;
}

/**
 * Account mails (sign-up, address change, statements of reasons, appeals, suspension) in the
 * product's one look: every text has its colour and a background set, so a mail program in dark mode
 * cannot leave dark text on a dark page; member text stays text.
 */
describe('account mails', () => {
  it.each(Object.entries(MAILS))('%s: every text has its colour and background, on the light page the mail declares', (_name, mail) => {
    const document = parse(htmlOf(mail));
    expect(mail.html).toContain('<meta name="color-scheme" content="light">');
    const texts = textElements(document);
    expect(texts.length).toBeGreaterThan(3);
    for (const { element, path } of texts) expect(painted(element, path), element.tagName).toEqual({ colour: true, background: true });
    const body = elements(document).find((e) => e.tagName === 'body')!;
    expect(styleOf(body)).toMatch(/background:#fafafa/);
  });

  it('keeps what members wrote as text, and its link as the button and written out', () => {
    expect(MAILS.statement!.html).not.toContain('<script>');
    expect(MAILS.statement!.html).toContain('&lt;script&gt;');
    const links = elements(parse(htmlOf(MAILS.verification!)))
      .filter((e) => e.tagName === 'a')
      .map((a) => a.attrs.find((x) => x.name === 'href')?.value);
    expect(links).toContain(`${BASE}/verify?token=abc`);
    expect(MAILS.verification!.html).toContain('Or paste this link into your browser');
  });
});
