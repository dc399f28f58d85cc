import type { Acting } from '../access/policy.ts';
import { type NewsletterImportResponse, emailField } from '@inkwell/contract';
import { CsvError, parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { notFound, validationError } from '../lib/errors.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { confirmationMail, newsletterLinks, writerName } from './newsletter-mails.ts';
import * as repo from './newsletters.repository.ts';
import { normaliseEmail } from '../lib/email-address.ts';

const DAY = 24 * 60 * 60 * 1000;
/** How many unreadable lines the answer quotes. */
const INVALID_SHOWN = 20;
/** Header names of the address column in the exports of Ghost, Substack, Mailchimp, Buttondown and spreadsheets. */
const EMAIL_HEADERS = new Set(['email', 'e-mail', 'email address', 'e-mail address', 'emailaddress', 'email_address', 'subscriber email', 'mail']);

/** The addresses of a CSV file, in order, each with its line; and the lines whose address could not be read. */
export interface ImportedAddresses {
  emails: Array<{ line: number; email: string }>;
  invalid: Array<{ line: number; value: string }>;
  invalidCount: number;
}

const badFile = (message: string) => validationError({ csv: [message] });

/**
 * Reads a writer's CSV with csv-parse (RFC 4180: quoted cells, commas and line breaks inside them, a
 * byte-order mark): the address column is the one whose header is `email` (or `Email Address`, …);
 * without such a header, a file whose first cell is an address is a list with one address a line.
 * Semicolons or tabs instead of commas are taken when the first line has them and no comma.
 */
export function readImportCsv(csv: string, maxRows: number): ImportedAddresses {
  const firstLine = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(',') ? ',' : firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(csv, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }) as unknown as typeof records;
  } catch (err) {
    const line = err instanceof CsvError && typeof (err as CsvError & { lines?: number }).lines === 'number' ? ` (line ${(err as CsvError & { lines: number }).lines})` : '';
    throw badFile(`The file could not be read as CSV${line}.`);
  }
  if (records.length === 0) throw badFile('The file holds no addresses.');
  const header = records[0]!.record.map((cell) => cell.toLowerCase());
  let column = header.findIndex((cell) => EMAIL_HEADERS.has(cell));
  let rows = records.slice(1);
  if (column < 0) {
    if (!emailField.safeParse(records[0]!.record[0] ?? '').success) throw badFile('No column named email was found: name the column of addresses "email".');
    column = 0;
    rows = records;
  }
  if (rows.length > maxRows) throw badFile(`The file may hold at most ${maxRows} addresses; split it in parts.`);
  const result: ImportedAddresses = { emails: [], invalid: [], invalidCount: 0 };
  for (const { record, info } of rows) {
    const value = record[column] ?? '';
    const read = emailField.safeParse(value);
    if (read.success) {
      result.emails.push({ line: info.lines, email: read.data.toLowerCase() });
    } else {
      result.invalidCount += 1;
      if (result.invalid.length < INVALID_SHOWN) result.invalid.push({ line: info.lines, value: value.slice(0, 120) });
    }
  }
  return result;
}

export interface ImportDeps {
  db: Kysely<DB>;
  outbox: MailOutbox;
  publicUrl: string;
  /** NEWSLETTER_IMPORT_MAX_ROWS and NEWSLETTER_IMPORT_CONFIRMATIONS_PER_DAY. */
  limits: { maxRows: number; confirmationsPerDay: number };
  /** NEWSLETTER_CONFIRMATIONS_PER_ADDRESS: an address mailed this often today is not mailed by an import either. */
  confirmationsPerAddress: number;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/**
 * A writer's import of addresses that consented (issue 29). With `consent` (the writer attests each
 * agreed) they are added as subscribed at once; without it each gets a confirmation mail and waits,
 * like an address typed into the subscribe box, within NEWSLETTER_IMPORT_CONFIRMATIONS_PER_DAY per
 * writer (an import over it is refused whole, so nothing is half done) and never to an address mailed
 * NEWSLETTER_CONFIRMATIONS_PER_ADDRESS times today. Nobody who unsubscribed or bounced is put back.
 */
export function createImport({ db, outbox, publicUrl, limits, confirmationsPerAddress }: ImportDeps) {
  const links = newsletterLinks(publicUrl);

  return async function importSubscribers(writerId: Acting, csv: string, consent: boolean): Promise<NewsletterImportResponse> {
    const writer = await repo.findWriter(db, writerId);
    if (!writer) throw notFound('This writer was not found.');
    const file = readImportCsv(csv, limits.maxRows);
    const unique = [...new Set(file.emails.map((e) => e.email))];
    const onList = await repo.statusesOf(db, writerId, unique);
    const own = normaliseEmail(writer.email);
    let already = 0;
    let skipped = 0;
    const fresh: string[] = [];
    for (const email of unique) {
      const status = onList.get(email);
      if (status === 'confirmed' || status === 'pending') already += 1;
      else if (status !== undefined || email === own) skipped += 1;
      else fresh.push(email);
    }
    const now = Date.now();
    const since = new Date(now - DAY).toISOString();
    let toAdd = fresh;
    if (!consent) {
      const mailed = await repo.mailedTooOften(db, fresh, since, confirmationsPerAddress);
      toAdd = fresh.filter((email) => !mailed.has(email));
      skipped += fresh.length - toAdd.length;
      const left = Math.max(0, limits.confirmationsPerDay - (await repo.countImportConfirmationsSince(db, writerId, since)));
      if (toAdd.length > left) {
        throw badFile(
          `This file would send ${plural(toAdd.length, 'confirmation mail', 'confirmation mails')}, and your imports may send ${plural(left, 'more', 'more')} today. Import fewer addresses, or come back tomorrow.`,
        );
      }
    }
    const tokens = new Map(toAdd.map((email) => [email, consent ? null : newToken()]));
    const name = writerName(writer);
    const written = await db.transaction().execute(async (trx) => {
      const rows = await repo.insertImported(
        trx,
        writerId,
        toAdd.map((email) => ({ email, tokenHash: tokens.get(email) ? hashToken(tokens.get(email)!) : null })),
        new Date(now).toISOString(),
      );
      for (const row of consent ? [] : rows) await outbox.enqueue(trx, confirmationMail(row.email, name, links.confirm(tokens.get(row.email)!), publicUrl, true));
      return rows.length;
    });
    if (!consent) outbox.kick();
    already += toAdd.length - written; // added by someone else in the meantime
    const done =
      written === 0
        ? 'Nothing new to add'
        : consent
          ? `${plural(written, 'address was', 'addresses were')} added to your list`
          : `${plural(written, 'confirmation mail is', 'confirmation mails are')} on the way`;
    const rest = [
      already && `${plural(already, 'was', 'were')} on your list already`,
      skipped && `${plural(skipped, 'was', 'were')} skipped (unsubscribed or bounced before, your own, or mailed too often today)`,
      file.invalidCount && `${plural(file.invalidCount, 'line', 'lines')} could not be read`,
    ]
      .filter(Boolean)
      .join(', ');
    return {
      message: `${done}${rest ? `; ${rest}` : ''}.`,
      added: consent ? written : 0,
      asked: consent ? 0 : written,
      already,
      skipped,
      invalid_count: file.invalidCount,
      invalid: file.invalid,
    };
  };
}

export type ImportSubscribers = ReturnType<typeof createImport>;
