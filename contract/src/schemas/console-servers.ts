import { z } from 'zod';
import { SERVER_COMMENT_MAX, SERVER_CSV_MAX, SERVER_SEVERITIES } from '../console-words.ts';

/**
 * The servers elsewhere in the moderation console (issue 47, ADR 0108), for staff who manage
 * federation: each block of a domain (and its subdomains) with its severity, what is refused of it
 * (media, reports), a public comment (shown on /moderation, the domain obfuscated when asked) and a
 * private one; imported and exported in Mastodon's CSV.
 */

/** A checkbox of a plain form ('on', 'true' or absent) or a JSON boolean. */
const flag = z.preprocess((v) => v === true || v === 'on' || v === 'true' || v === '1', z.boolean());

const comment = (which: string) =>
  z
    .string({ error: `The ${which} comment must be text.` })
    .trim()
    .max(SERVER_COMMENT_MAX, `The ${which} comment may not be greater than ${SERVER_COMMENT_MAX} characters.`)
    .default('');

const domainField = z
  .string({ error: 'The domain field is required.' })
  .trim()
  .min(1, 'The domain field is required.')
  .max(253, 'The domain may not be greater than 253 characters.');

/** One server's block as staff read it. */
export const serverBlock = z.object({
  domain: z.string(),
  severity: z.enum(SERVER_SEVERITIES),
  reject_media: z.boolean(),
  reject_reports: z.boolean(),
  obfuscate: z.boolean(),
  public_comment: z.string(),
  private_comment: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The accounts of it (and its subdomains) this server knows. */
  accounts: z.number(),
});
export type ServerBlock = z.infer<typeof serverBlock>;

/** POST /api/mod/servers: every block, by domain. */
export const modServersResponse = z.object({ servers: z.array(serverBlock) });
export type ModServersResponse = z.infer<typeof modServersResponse>;

/** POST /api/mod/servers/save: a block made or changed (the domain names it). */
export const modServerSaveBody = z.object({
  domain: domainField,
  severity: z.enum(SERVER_SEVERITIES, { error: 'Choose what happens to the server.' }),
  reject_media: flag.default(false),
  reject_reports: flag.default(false),
  obfuscate: flag.default(false),
  public_comment: comment('public'),
  private_comment: comment('private'),
});
export type ModServerSaveBody = z.input<typeof modServerSaveBody>;
export type ModServerSave = z.infer<typeof modServerSaveBody>;
export const modServerSaveResponse = z.object({ message: z.string(), server: serverBlock, ended_follows: z.number() });
export type ModServerSaveResponse = z.infer<typeof modServerSaveResponse>;

/** POST /api/mod/servers/remove: a block lifted. */
export const modServerRemoveBody = z.object({ domain: domainField });
export const modServerRemoveResponse = z.object({ message: z.string() });
export type ModServerRemoveResponse = z.infer<typeof modServerRemoveResponse>;

/** POST /api/mod/servers/import: blocks from a Mastodon CSV (its header line, or none); a domain blocked here already is left as it is. */
export const modServersImportBody = z.object({
  csv: z
    .string({ error: 'Paste the CSV or choose its file.' })
    .trim()
    .min(1, 'Paste the CSV or choose its file.')
    .max(SERVER_CSV_MAX, `The CSV may not be greater than ${SERVER_CSV_MAX} characters.`),
});
export const modServersImportResponse = z.object({
  message: z.string(),
  added: z.array(z.string()),
  /** Lines not taken, each with why (a domain blocked here already, a severity not known, not a domain). */
  skipped: z.array(z.object({ line: z.number(), domain: z.string(), reason: z.string() })),
});
export type ModServersImportResponse = z.infer<typeof modServersImportResponse>;
