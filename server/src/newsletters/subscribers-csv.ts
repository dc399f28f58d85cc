/**
 * A writer's list as CSV (RFC 4180, CRLF lines) in the columns Ghost's member import reads (email,
 * name, note, subscribed_to_emails, created_at, labels; Substack's import needs only email). A cell
 * that a spreadsheet would take for a formula (=, +, -, @, a tab or a carriage return first) is
 * written with a leading apostrophe.
 */
export interface ExportedSubscriber {
  email: string;
  name: string | null;
  status: 'pending' | 'confirmed' | 'unsubscribed' | 'suppressed';
  source: string;
  created_at: string;
  confirmed_at: string | null;
}

const COLUMNS = ['email', 'name', 'note', 'subscribed_to_emails', 'created_at', 'labels'] as const;

function cell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

export function subscribersCsv(rows: readonly ExportedSubscriber[]): string {
  const lines = [COLUMNS.join(',')];
  for (const row of rows) {
    const note = row.status === 'suppressed' ? 'bounced' : row.status;
    const fields = [row.email, row.name ?? '', note, String(row.status === 'confirmed'), row.confirmed_at ?? row.created_at, `inkwell-${row.source}`];
    lines.push(fields.map(cell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
