import { CsvError, parse } from 'csv-parse/sync';
import { SERVER_COMMENT_MAX, SERVER_SEVERITIES, type ServerSeverity } from '@inkwell/contract';
import { csvDocument } from '../lib/csv.ts';
import { validationError } from '../lib/errors.ts';
import type { ServerPolicy, ServerPolicyRow } from './domain-blocks.repository.ts';
import { normalDomain } from '../lib/domain-names.ts';

/**
 * Mastodon's CSV of domain blocks (its admin's export and import, and the shared blocklists made for
 * it): the header `#domain,#severity,#reject_media,#reject_reports,#public_comment,#obfuscate`, one
 * block a line. Read with csv-parse (RFC 4180); written with the same inert cells as the audit log's.
 */
export const MASTODON_HEADER = ['#domain', '#severity', '#reject_media', '#reject_reports', '#public_comment', '#obfuscate'] as const;

/** A line read: its number in the file, and the block it asks for, or why it cannot be taken. */
export type CsvLine = { line: number; domain: string } & ({ policy: ServerPolicy } | { refused: string });

const yes = (cell: string | undefined) => /^(true|1|yes)$/i.test((cell ?? '').trim());

/** What a severity of the file is here (Mastodon's `silence` is its "Limit", and is read as such too). */
function severityOf(cell: string | undefined): ServerSeverity | string {
  const word = (cell ?? '').trim().toLowerCase();
  if (word === '' || word === 'suspend') return 'suspend';
  if (word === 'noop') return 'noop';
  if (word === 'silence' || word === 'limit') return 'silence';
  return `The severity must be suspend, silence or noop, not “${word.slice(0, 40)}”.`;
}

const isSeverity = (word: string): word is ServerSeverity => (SERVER_SEVERITIES as readonly string[]).includes(word);

/**
 * The lines of a Mastodon CSV, or of a plain list of domains (no header: the first cell of each line,
 * suspended). Columns are found by their header's names, with or without Mastodon's `#`, in any order.
 */
export function readServerCsv(text: string): CsvLine[] {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }) as unknown as typeof records;
  } catch (err) {
    const line = err instanceof CsvError && typeof (err as CsvError & { lines?: number }).lines === 'number' ? ` (line ${(err as CsvError & { lines: number }).lines})` : '';
    throw validationError({ csv: [`The text could not be read as CSV${line}.`] });
  }
  if (records.length === 0) throw validationError({ csv: ['The CSV holds no domains.'] });
  const header = records[0]!.record.map((cell) => cell.trim().toLowerCase().replace(/^#/, ''));
  const hasHeader = header.includes('domain');
  const column = (name: string) => (hasHeader ? header.indexOf(name) : name === 'domain' ? 0 : -1);
  const at = (record: string[], name: string) => {
    const i = column(name);
    return i < 0 ? undefined : record[i];
  };
  return (hasHeader ? records.slice(1) : records).map(({ record, info }): CsvLine => {
    const raw = (at(record, 'domain') ?? '').trim();
    const domain = normalDomain(raw);
    const line = info.lines;
    if (!domain) return { line, domain: raw.slice(0, 120), refused: 'Not a domain name.' };
    const severity = severityOf(at(record, 'severity'));
    if (!isSeverity(severity)) return { line, domain, refused: severity };
    const policy: ServerPolicy = {
      severity,
      reject_media: yes(at(record, 'reject_media')) ? 1 : 0,
      reject_reports: yes(at(record, 'reject_reports')) ? 1 : 0,
      obfuscate: yes(at(record, 'obfuscate')) ? 1 : 0,
      public_comment: (at(record, 'public_comment') ?? '').trim().slice(0, SERVER_COMMENT_MAX),
      private_comment: '',
    };
    return { line, domain, policy };
  });
}

/** Every block in Mastodon's CSV (private comments stay here: Mastodon's export leaves them out too). */
export function serverCsv(rows: readonly ServerPolicyRow[]): string {
  return csvDocument(
    MASTODON_HEADER,
    rows.map((r) => [r.domain, r.severity, String(r.reject_media === 1), String(r.reject_reports === 1), r.public_comment, String(r.obfuscate === 1)]),
  );
}
