import type { ZodType } from 'zod';
import type * as schemas from './schemas/all.ts';
import type { StaffPermission } from './console-words.ts';

type Schemas = typeof schemas;
/** The name of a schema the contract exports. */
export type ContractSchemaName = { [K in keyof Schemas]: Schemas[K] extends ZodType ? K : never }[keyof Schemas];

/**
 * One call the server answers: how it is reached, who may make it, and its schemas by name (so that
 * this table stays out of a page's first load: the schemas come with the first call).
 */
export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  /**
   * 'session': a signed-in member only (401 otherwise; a body's user_id must be the caller's, 403);
   * 'reader': anyone, the session read when there is one (a bad one reads as a visitor); 'open': anyone,
   * no session read.
   */
  access: 'open' | 'reader' | 'session';
  /**
   * Whose the thing a signed-in call acts on must be: 'account', the caller's own (a body's user_id or
   * id names the caller); 'post', 'draft', a post or draft of the caller's; 'comment', a comment or
   * reply of the caller's or on the caller's post; 'story', a comment or reply on the caller's post
   * (its writer alone may act: ADR 0113). The server's route() asks the access policy
   * (server/src/access/policy.ts) with the thing's owner before the handler runs, and refuses to
   * register such a call without a way to find it; the authorization matrix proves a stranger is refused.
   */
  owns?: 'account' | 'post' | 'draft' | 'comment' | 'story';
  /**
   * A console call (issue 47, ADR 0105): a signed-in member of staff whose role has this permission
   * (403 for anyone else, in one wording). It acts on what is nobody's own, so it has no `owns`.
   */
  staff?: StaffPermission;
  /** A POST that only reads: it leaves the caches alone. */
  readOnly?: boolean;
  /** The per-address limit it counts against (the server's `RATE_LIMIT_<NAME>`). */
  rateLimit?: string;
  /** A long-lived answer (Server-Sent Events). */
  stream?: boolean;
  /** The JSON or form body; with `file`, the text fields of a multipart body whose file part is `file`. */
  body?: ContractSchemaName;
  file?: string;
  query?: ContractSchemaName;
  /** The success answer (none: not JSON, or nothing to check). */
  answer?: ContractSchemaName;
  /** The success status when it is always another (201: something was created); a handler may still choose one itself (drafts/save: 201 when it creates, else 200). */
  status?: 201;
}
