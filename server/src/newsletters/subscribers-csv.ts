/**
 * A writer's list as CSV (RFC 4180, CRLF lines) in the columns Ghost's member import reads (email,
 * name, note, subscribed_to_emails, created_at, labels; Substack's import needs only email), each
 * cell made inert for spreadsheets (lib/csv.ts).
 */
import { csvDocument } from '../lib/csv.ts';

export interface ExportedSubscriber {
  email: string;
  name: string | null;
  status: 'pending' | 'confirmed' | 'unsubscribed' | 'suppressed';
  source: string;
  created_at: string;
  confirmed_at: string | null;
}

const COLUMNS = ['email', 'name', 'note', 'subscribed_to_emails', 'created_at', 'labels'] as const;

export function subscribersCsv(rows: readonly ExportedSubscriber[]): string {
  return csvDocument(
    COLUMNS,
    rows.map((row) => {
      const note = row.status === 'suppressed' ? 'bounced' : row.status;
      return [row.email, row.name ?? '', note, String(row.status === 'confirmed'), row.confirmed_at ?? row.created_at, `inkwell-${row.source}`];
    }),
  );
}
