import { escapeHtml } from '@inkwell/contract';
import { accountMail } from './account-templates.ts';
import type { NewMail } from './outbox.repository.ts';

/** The mail that asks a new member to confirm the address. The link works without JavaScript. */
export function verificationMail(to: string, link: string): NewMail {
  const mail = accountMail(
    to,
    'Verify your email for Inkwell',
    'Welcome to Inkwell',
    ['Please confirm your email address to start reading, writing and following.'],
    { label: 'Verify my email', link },
    'The link works for 48 hours. If you did not sign up, you can ignore this mail.',
  );
  const text = [
    'Welcome to Inkwell!',
    '',
    'Please confirm your email address by opening this link:',
    link,
    '',
    'The link works for 48 hours. If you did not sign up, you can ignore this mail.',
  ].join('\n');
  return { ...mail, text };
}

/**
 * The forgot-password mail: a one-time link to the reset screen. In the product's look (the reading
 * face for the wordmark and heading, the indigo of its buttons, a white card on a quiet page), with a
 * plain-text part for every mail reader.
 */
export function passwordResetMail(to: string, link: string, validMinutes: number): NewMail {
  const validFor = validMinutes % 60 === 0 ? `${validMinutes / 60} hour${validMinutes === 60 ? '' : 's'}` : `${validMinutes} minutes`;
  const text = [
    'Reset your Inkwell password',
    '',
    'Someone, hopefully you, asked to reset the password of the Inkwell account that uses this email address.',
    'Choose a new password by opening this link:',
    link,
    '',
    `The link works once, for ${validFor}. Once you have chosen a new password, every device signed in to your account is signed out.`,
    '',
    'If you did not ask for this, you can ignore this mail: your password stays as it is.',
  ].join('\n');
  const safeLink = escapeHtml(link);
  const html = `<!doctype html><html><body style="margin:0;padding:0;background:#fafafa">
<div style="font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#18181b;max-width:560px;margin:0 auto;padding:32px 16px">
<p style="margin:0 0 24px;text-align:center;font-family:Georgia,'Times New Roman',serif;font-size:26px;font-weight:bold;letter-spacing:-0.5px;color:#18181b">Inkwell</p>
<div style="background:#ffffff;border:1px solid #e4e4e7;border-radius:16px;padding:32px 24px">
<h1 style="margin:0 0 16px;font-family:Georgia,'Times New Roman',serif;font-size:24px;text-align:center">Reset your password</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.6">Someone, hopefully you, asked to reset the password of the Inkwell account that uses this email address.</p>
<p style="margin:24px 0;text-align:center"><a href="${safeLink}" style="display:inline-block;background:#4338ca;color:#ffffff;padding:12px 24px;border-radius:999px;font-weight:600;font-size:15px;text-decoration:none">Choose a new password</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.6;color:#52525b">The link works once, for ${validFor}. Once you have chosen a new password, every device signed in to your account is signed out.</p>
<p style="margin:0;font-size:14px;line-height:1.6;color:#52525b">If you did not ask for this, you can ignore this mail: your password stays as it is.</p>
</div>
<p style="margin:24px 0 0;font-size:12px;line-height:1.6;color:#71717a;word-break:break-all">If the button does not work, paste this link into your browser:<br>${safeLink}</p>
</div>
</body></html>`;
  return { to, subject: 'Reset your Inkwell password', text, html };
}
