import type { NewMail } from './outbox.repository';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The mail that asks a new member to confirm the address. The link works without JavaScript. */
export function verificationMail(to: string, link: string): NewMail {
  const text = [
    'Welcome to Inkwell!',
    '',
    'Please confirm your email address by opening this link:',
    link,
    '',
    'The link works for 48 hours. If you did not sign up, you can ignore this mail.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#1f2328;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:24px">Welcome to Inkwell</h1>
<p>Please confirm your email address to start reading, writing and following.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1a7f5a;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none">Verify my email</a></p>
<p style="color:#57606a;font-size:14px">Or paste this link into your browser: ${escapeHtml(link)}<br>The link works for 48 hours. If you did not sign up, you can ignore this mail.</p>
</body></html>`;
  return { to, subject: 'Verify your email for Inkwell', text, html };
}
