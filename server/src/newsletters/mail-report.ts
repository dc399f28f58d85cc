import { simpleParser } from 'mailparser';

/**
 * What a mail that came back says about the story mail it answers:
 * - `failed`: a delivery status notification (RFC 3464, or RFC 6533's global one) whose recipient
 *   failed; `permanent` when its status is 5.x.x (a 4.x.x that failed is a mail that waited too long);
 * - `complaint`: an abuse report (ARF, RFC 5965), as a mailbox provider's feedback loop sends when the
 *   reader pressed "Spam";
 * - `other`: anything else (a delay or a success notice, an out-of-office reply): nothing to do.
 */
export type MailReport =
  { kind: 'failed'; permanent: boolean; status: string; diagnostic: string } | { kind: 'complaint'; feedbackType: string } | { kind: 'other'; reason: string };

/** Header-style fields (`Name: value`, folded lines joined), in groups separated by blank lines, names in lower case. */
function fieldGroups(text: string): Array<Map<string, string>> {
  const groups: Array<Map<string, string>> = [];
  for (const block of text.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    const fields = new Map<string, string>();
    for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    if (fields.size > 0) groups.push(fields);
  }
  return groups;
}

const STATUS = /^([245])\.\d{1,3}\.\d{1,3}/;

/** Reads a returned mail (its raw bytes, as the inbound SMTP port took them). Never throws on what it cannot read. */
export async function readMailReport(raw: Buffer): Promise<MailReport> {
  let parsed;
  try {
    // keepDeliveryStatus: the report's machine-readable part as an attachment, not folded into the text.
    parsed = await simpleParser(raw, { keepDeliveryStatus: true, skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  } catch {
    return { kind: 'other', reason: 'not a readable mail' };
  }
  const type = parsed.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  const reportType = type?.value === 'multipart/report' ? (type.params?.['report-type'] ?? '').toLowerCase() : '';
  const part = (...types: string[]) => parsed.attachments.find((a) => types.includes(a.contentType.toLowerCase()));

  if (reportType === 'delivery-status' || reportType === 'global-delivery-status') {
    const status = part('message/delivery-status', 'message/global-delivery-status');
    if (!status) return { kind: 'other', reason: 'a delivery report without its status part' };
    // The first group is about the message, each other one about a recipient (a story mail has one).
    const recipients = fieldGroups(status.content.toString('utf8')).slice(1);
    const failed = recipients.find((r) => (r.get('action') ?? '').toLowerCase() === 'failed');
    if (!failed) return { kind: 'other', reason: `a delivery report: ${recipients.map((r) => r.get('action') ?? '?').join(', ') || 'no recipient'}` };
    const code = STATUS.exec(failed.get('status') ?? '');
    return {
      kind: 'failed',
      // A failure without a status is taken as permanent: that is what "failed" means (RFC 3464 2.3.3).
      permanent: code ? code[1] === '5' : true,
      status: code?.[0] ?? '',
      diagnostic: (failed.get('diagnostic-code') ?? '').slice(0, 500),
    };
  }
  if (reportType === 'feedback-report') {
    const feedback = part('message/feedback-report');
    const fields = feedback ? fieldGroups(feedback.content.toString('utf8'))[0] : undefined;
    return { kind: 'complaint', feedbackType: (fields?.get('feedback-type') ?? 'abuse').toLowerCase().slice(0, 40) };
  }
  return { kind: 'other', reason: reportType ? `a ${reportType} report` : 'not a report (an automatic reply?)' };
}
